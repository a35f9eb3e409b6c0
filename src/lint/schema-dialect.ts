/**
 * Picking the JSON Schema dialect of a tool's inputSchema (`$schema`; 2020-12 when absent, as MCP
 * says) and a fresh Ajv instance for it. A fresh instance per schema keeps one tool's `$id` from
 * colliding with another's.
 */
import { linearRegExp } from '../safety/regex-engine.ts';
import type { Ajv, Options } from 'ajv';
import type { Ajv2019 } from 'ajv/dist/2019.js';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { lazyRequire } from '../lazy-require.ts';
import { childPath } from './tool-rule-kit.ts';
import type { JsonSchema } from '../types.ts';

type AnyAjv = Ajv | Ajv2019 | Ajv2020;
// Ajv and its formats load when the first instance is built, not at import (a run's first requests go out meanwhile).
const ajvDraft07 = lazyRequire<typeof import('ajv')>('ajv');
const ajvDraft2019 = lazyRequire<typeof import('ajv/dist/2019.js')>('ajv/dist/2019.js');
const ajvDraft2020 = lazyRequire<typeof import('ajv/dist/2020.js')>('ajv/dist/2020.js');
const formatsModule = lazyRequire<{ default: (ajv: AnyAjv) => AnyAjv }>('ajv-formats');
const formatsList = lazyRequire<typeof import('ajv-formats/dist/formats.js')>('ajv-formats/dist/formats.js');

export type Dialect = 'draft-07' | '2019-09' | '2020-12';

export interface DialectChoice {
  dialect: Dialect;
  /** Set when `$schema` names something Toolvet cannot validate in; the schema is checked as 2020-12. */
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
  const ajv = dialect === 'draft-07' ? new (ajvDraft07().Ajv)(safe) : dialect === '2019-09' ? new (ajvDraft2019().Ajv2019)(safe) : new (ajvDraft2020().Ajv2020)(safe);
  formatsModule().default(ajv);
  return ajv;
}

const shared = new Map<string, AnyAjv>();

function hasId(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasId);
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(value).some(([k, v]) => k === '$id' || k === 'id' && typeof v === 'string' && v.includes(':') || hasId(v));
}

let knownFormats: ReadonlySet<string> | undefined;

/** A `format` Ajv checks values against (ajv-formats' list); any other name is legal JSON Schema that nothing checks. */
export function isKnownFormat(name: string): boolean {
  knownFormats ??= new Set(formatsList().formatNames);
  return knownFormats.has(name);
}

/** Keywords whose values are data, not schemas: a `format` inside them is a value, not the keyword. */
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples', 'example']);
/** Keywords whose values map names to schemas: a key there is a property name, whatever it spells. */
const NAME_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

export interface FormatKeyword {
  /** JSON path of the `format` keyword, from `base`. */
  path: string;
  name: string;
}

/** Every `format` keyword with a string value in the schema, in document order. */
export function formatKeywords(value: unknown, base = '$', nameMap = false, out: FormatKeyword[] = []): FormatKeyword[] {
  // A path is built only where it is used: for a format found, or a value that holds more (most keys
  // hold a string or a number, and tool sets run to thousands of schemas).
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      if (typeof v === 'object' && v !== null) formatKeywords(v, `${base}[${i}]`, false, out);
    });
  } else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      const nested = typeof v === 'object' && v !== null;
      if (nameMap) {
        if (nested) formatKeywords(v, childPath(base, k), false, out);
      } else if (k === 'format' && typeof v === 'string') out.push({ path: childPath(base, k), name: v });
      else if (nested && !DATA_KEYWORDS.has(k)) formatKeywords(v, childPath(base, k), NAME_MAPS.has(k), out);
    }
  }
  return out;
}

/**
 * JSON Schema makes `format` an annotation: a name the validator does not know is legal and checks
 * nothing (`format: "json"` in a real server). Ajv's strict mode throws on it and lenient mode logs,
 * so every Ajv that meets a schema learns its unknown names as formats that accept any value.
 */
function acceptUnknownFormats(ajv: AnyAjv, schema: unknown): void {
  for (const { name } of formatKeywords(schema)) {
    if (!(name in ajv.formats)) ajv.addFormat(name, true);
  }
}

/**
 * An Ajv for the dialect. Building one (meta-schemas, formats) costs ~80 ms, so instances are shared
 * per dialect and options; a schema that declares an `$id` gets a fresh one, since two tools may
 * declare the same `$id` and Ajv refuses a second schema under a known id.
 */
export function ajvFor(dialect: Dialect, options: Options, schema?: unknown): AnyAjv {
  const key = `${dialect} ${JSON.stringify(options)}`;
  let ajv = schema !== undefined && hasId(schema) ? undefined : shared.get(key);
  if (!ajv) {
    ajv = createAjv(dialect, options);
    if (schema === undefined || !hasId(schema)) shared.set(key, ajv);
  }
  if (schema !== undefined) acceptUnknownFormats(ajv, schema);
  return ajv;
}

/** The schema without `$schema` when its dialect is unknown, so Ajv does not look for a meta-schema it lacks. */
export function withoutUnknownDialect(schema: JsonSchema, choice: DialectChoice): JsonSchema {
  if (!choice.unknown) return schema;
  const { $schema: _dropped, ...rest } = schema;
  return rest;
}
