/**
 * The published SARIF 2.1.0 JSON Schema (OASIS 2.1.0-rtm.5, draft-04), vendored in src/lint/schema/
 * from the npm package @microsoft/jest-sarif 1.0.0-beta.0 (lib/schemas/sarif-2.1.0-rtm.5.json, MIT),
 * which ships it but is a beta Jest helper we do not want as a dependency. For tests only: it needs
 * the dev dependency ajv-draft-04.
 */
import { readFileSync } from 'node:fs';
import type { Ajv, Options } from 'ajv';
import draft04Module from 'ajv-draft-04';
import formatsModule from 'ajv-formats';

// Both packages are CommonJS with a `default` export; under NodeNext the default import is the module object.
const Draft04 = ((draft04Module as unknown as { default?: unknown }).default ?? draft04Module) as new (options: Options) => Ajv;
const addFormats = ((formatsModule as unknown as { default?: unknown }).default ?? formatsModule) as (ajv: Ajv) => Ajv;

const schema = JSON.parse(readFileSync(new URL('../schema/sarif-schema-2.1.0.json', import.meta.url), 'utf8')) as object;
// The published schema has a pattern that is not valid with the `u` flag; the schema, not a log, is at fault.
const ajv = new Draft04({ allErrors: true, strict: false, unicodeRegExp: false });
addFormats(ajv);
const validate = ajv.compile(schema);

/** The schema's complaints about a log; empty when it is valid SARIF 2.1.0. */
export function sarifSchemaErrors(log: unknown): string[] {
  if (validate(log)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`);
}
