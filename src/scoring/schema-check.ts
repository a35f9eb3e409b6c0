/** Validates a tool call's arguments against the tool's own inputSchema (ajv, 2020-12 by default). */
import { linearRegExp } from '../safety/regex-engine.ts';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { Ajv, type ValidateFunction } from 'ajv';
import type { JsonSchema } from '../types.ts';

// Lenient on purpose: this checks calls against third-party schemas, not the schemas themselves (lint does that).
// Server patterns run on a linear-time engine (src/safety/regex-engine.ts): no schema can hang a run.
const ajv2020 = new Ajv2020({ strict: false, allErrors: true, validateFormats: false, code: { regExp: linearRegExp } });
const ajv07 = new Ajv({ strict: false, allErrors: true, validateFormats: false, code: { regExp: linearRegExp } });
const cache = new WeakMap<object, ValidateFunction | Error>();

/**
 * A schema compiled leniently (no strict mode, formats not checked, patterns on the linear engine),
 * once per schema object; the compile error when it will not compile. Shared by argument checks and
 * structured-result checks.
 */
export function compileLenient(schema: JsonSchema): ValidateFunction | Error {
  let hit = cache.get(schema);
  if (hit) return hit;
  const draft = typeof schema.$schema === 'string' && /draft-0[4-7]/.test(schema.$schema) ? ajv07 : ajv2020;
  try {
    const { $schema: _ignored, ...rest } = schema;
    hit = draft.compile(rest);
  } catch (error) {
    hit = error as Error;
  }
  cache.set(schema, hit);
  return hit;
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
