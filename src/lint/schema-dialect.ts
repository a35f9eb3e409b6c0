/**
 * Picking the JSON Schema dialect of a tool's inputSchema (`$schema`; 2020-12 when absent, as MCP
 * says) and a fresh Ajv instance for it. A fresh instance per schema keeps one tool's `$id` from
 * colliding with another's.
 */
import { Ajv, type Options } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import formatsModule from 'ajv-formats';
import type { JsonSchema } from '../types.ts';

type AnyAjv = Ajv | Ajv2019 | Ajv2020;
// ajv-formats is CommonJS with a `default` export; under NodeNext the default import is the module object.
const addFormats = ((formatsModule as unknown as { default?: unknown }).default ?? formatsModule) as (ajv: AnyAjv) => AnyAjv;

export type Dialect = 'draft-07' | '2019-09' | '2020-12';

export interface DialectChoice {
  dialect: Dialect;
  /** Set when `$schema` names something Toolproof cannot validate in; the schema is checked as 2020-12. */
  unknown?: string;
}

export function dialectOf(schema: JsonSchema): DialectChoice {
  const declared = schema.$schema;
  if (declared === undefined) return { dialect: '2020-12' };
  if (typeof declared !== 'string') return { dialect: '2020-12', unknown: JSON.stringify(declared) };
  if (/json-schema\.org\/draft-0[67]\/schema#?$/.test(declared)) return { dialect: 'draft-07' };
  if (/json-schema\.org\/draft\/2019-09\/schema#?$/.test(declared)) return { dialect: '2019-09' };
  if (/json-schema\.org\/draft\/2020-12\/schema#?$/.test(declared)) return { dialect: '2020-12' };
  return { dialect: '2020-12', unknown: declared };
}

export function ajvFor(dialect: Dialect, options: Options): AnyAjv {
  const ajv = dialect === 'draft-07' ? new Ajv(options) : dialect === '2019-09' ? new Ajv2019(options) : new Ajv2020(options);
  addFormats(ajv);
  return ajv;
}

/** The schema without `$schema` when its dialect is unknown, so Ajv does not look for a meta-schema it lacks. */
export function withoutUnknownDialect(schema: JsonSchema, choice: DialectChoice): JsonSchema {
  if (!choice.unknown) return schema;
  const { $schema: _dropped, ...rest } = schema;
  return rest;
}
