/** Validates a tool call's arguments against the tool's own inputSchema (ajv, 2020-12 by default). */
import { linearRegExp } from '../safety/regex-engine.ts';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { Ajv, Options, ValidateFunction } from 'ajv';
import { lazyRequire } from '../lazy-require.ts';
import { metaSchemaKey, precompiledValidator, type MetaDialect } from '../config/precompiled-validators.ts';
import type { JsonSchema } from '../types.ts';
import { cachedValidator, saveValidator } from '../disk-cache/schema-code.ts';

// Lenient on purpose: this checks calls against third-party schemas, not the schemas themselves (lint does that).
// Server patterns run on a linear-time engine (src/safety/regex-engine.ts): no schema can hang a run.
export const LENIENT_AJV_OPTIONS: Readonly<Options> = { strict: false, allErrors: true, validateFormats: false, code: { regExp: linearRegExp } };
// The schema is still checked against its meta-schema (below), with the build's generated validator when
// there is one: Ajv's own check compiles the meta-schema on first use, 60 to 140 ms of a run's first call.
// Ajv loads on the first call checked, not at import: a run's first requests go out while it loads.
const ajvDraft07 = lazyRequire<typeof import('ajv')>('ajv');
const ajvDraft2020 = lazyRequire<typeof import('ajv/dist/2020.js')>('ajv/dist/2020.js');
let ajv2020: Ajv2020 | undefined;
let ajv07: Ajv | undefined;
const cache = new WeakMap<object, ValidateFunction | Error>();
// Keyed by the schema's text too: the same schema in another object (another list, a second server) compiles once.
const byText = new Map<string, ValidateFunction | Error>();

// `source`: the generated code is kept, so a compiled schema can be cached for the next run (src/disk-cache/schema-code.ts).
const INSTANCE_OPTIONS: Options = { ...LENIENT_AJV_OPTIONS, validateSchema: false, code: { ...LENIENT_AJV_OPTIONS.code, source: true } };
/** What else shapes the generated code besides the schema: a cached validator made under other options is never used. */
const CACHE_OPTIONS = JSON.stringify({ ...INSTANCE_OPTIONS, code: { source: true, regExp: linearRegExp.code } });

function instance(dialect: MetaDialect): Ajv {
  if (dialect === 'draft-07') return (ajv07 ??= new (ajvDraft07().Ajv)(INSTANCE_OPTIONS));
  return (ajv2020 ??= new (ajvDraft2020().Ajv2020)(INSTANCE_OPTIONS));
}

/** Throws as Ajv's own check does ("schema is invalid: ...") when the schema breaks its meta-schema. */
function checkMeta(ajv: Ajv, dialect: MetaDialect, schema: object): void {
  const meta = precompiledValidator(metaSchemaKey(dialect));
  const valid = meta ? meta(schema) : ajv.validateSchema(schema);
  if (!valid) throw new Error(`schema is invalid: ${ajv.errorsText(meta ? meta.errors : ajv.errors)}`);
}

function compileOnce(dialect: MetaDialect, schema: JsonSchema, text: string): ValidateFunction | Error {
  // A schema compiled on an earlier run passed the meta-schema check then: its code loads without Ajv.
  const cached = cachedValidator(text, CACHE_OPTIONS, { linearRegExp });
  if (cached) return cached;
  const ajv = instance(dialect);
  try {
    checkMeta(ajv, dialect, schema);
    const validate = ajv.compile(schema);
    saveValidator(text, CACHE_OPTIONS, ajv, validate);
    return validate;
  } catch (error) {
    return error as Error;
  }
}

/**
 * A schema compiled leniently (no strict mode, formats not checked, patterns on the linear engine),
 * once per schema object; the compile error when it will not compile. Shared by argument checks and
 * structured-result checks.
 */
export function compileLenient(schema: JsonSchema): ValidateFunction | Error {
  let hit = cache.get(schema);
  if (hit) return hit;
  const dialect: MetaDialect = typeof schema.$schema === 'string' && /draft-0[4-7]/.test(schema.$schema) ? 'draft-07' : '2020-12';
  const { $schema: _ignored, ...rest } = schema;
  const text = `${dialect} ${JSON.stringify(rest)}`;
  hit = byText.get(text);
  if (!hit) {
    hit = compileOnce(dialect, rest, text);
    byText.set(text, hit);
  }
  cache.set(schema, hit);
  return hit;
}

/** Loads Ajv and builds the 2020-12 instance ahead of the first check: an eval does it while its first requests are out. */
export function prepareArgumentChecks(): void {
  instance('2020-12');
}

export interface SchemaCheck {
  valid: boolean;
  errors: string[];
}

export function checkArguments(schema: JsonSchema, args: unknown): SchemaCheck {
  const validate = compileLenient(schema);
  if (validate instanceof Error) return { valid: false, errors: [`the tool's inputSchema does not compile: ${validate.message}`] };
  if (validate(args)) return { valid: true, errors: [] };
  return {
    valid: false,
    errors: (validate.errors ?? []).map((e) => {
      const where = e.instancePath || '(arguments)';
      const extra = e.keyword === 'additionalProperties' ? ` "${String((e.params as { additionalProperty?: string }).additionalProperty)}"` : '';
      return `${where} ${e.message ?? 'is invalid'}${extra}`;
    }),
  };
}
