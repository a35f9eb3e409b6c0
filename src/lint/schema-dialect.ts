/**
 * Picking the JSON Schema dialect of a tool's inputSchema (`$schema`; 2020-12 when absent, as MCP
 * says) and a fresh Ajv instance for it. A fresh instance per schema keeps one tool's `$id` from
 * colliding with another's.
 */
import { linearRegExp } from '../safety/regex-engine.ts';
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

function createAjv(dialect: Dialect, options: Options): AnyAjv {
  // Server patterns are untrusted: a linear-time engine, so no schema can hang lint, probe or diff.
  const safe = { ...options, code: { ...options.code, regExp: linearRegExp } };
  const ajv = dialect === 'draft-07' ? new Ajv(safe) : dialect === '2019-09' ? new Ajv2019(safe) : new Ajv2020(safe);
  addFormats(ajv);
  return ajv;
}

const shared = new Map<string, AnyAjv>();

function hasId(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasId);
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(value).some(([k, v]) => k === '$id' || k === 'id' && typeof v === 'string' && v.includes(':') || hasId(v));
}

/**
 * An Ajv for the dialect. Building one (meta-schemas, formats) costs ~80 ms, so instances are shared
 * per dialect and options; a schema that declares an `$id` gets a fresh one, since two tools may
 * declare the same `$id` and Ajv refuses a second schema under a known id.
 */
export function ajvFor(dialect: Dialect, options: Options, schema?: unknown): AnyAjv {
  if (schema !== undefined && hasId(schema)) return createAjv(dialect, options);
  const key = `${dialect} ${JSON.stringify(options)}`;
  let ajv = shared.get(key);
  if (!ajv) {
    ajv = createAjv(dialect, options);
    shared.set(key, ajv);
  }
  return ajv;
}

/** The schema without `$schema` when its dialect is unknown, so Ajv does not look for a meta-schema it lacks. */
export function withoutUnknownDialect(schema: JsonSchema, choice: DialectChoice): JsonSchema {
  if (!choice.unknown) return schema;
  const { $schema: _dropped, ...rest } = schema;
  return rest;
}
