/**
 * Effective values: what a client must assume when a field is absent. Comparing these instead of the
 * raw text keeps `{}` -> `{"destructiveHint": true}` from reading as a change.
 */
import { sortKeys } from '../safety/records.ts';
import type { ToolAnnotations, ToolDefinition } from '../types.ts';

export const DEFAULT_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

export type Hint = 'readOnlyHint' | 'destructiveHint' | 'idempotentHint' | 'openWorldHint';

/** MCP's defaults: destructive and open-world unless told otherwise, the rest false. */
export const HINT_DEFAULTS: Readonly<Record<Hint, boolean>> = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: true,
};

export function effectiveHints(tool: ToolDefinition): Record<Hint, boolean> {
  const a: ToolAnnotations = tool.annotations ?? {};
  const out = { ...HINT_DEFAULTS };
  for (const hint of Object.keys(HINT_DEFAULTS) as Hint[]) {
    if (typeof a[hint] === 'boolean') out[hint] = a[hint] as boolean;
  }
  return out;
}

/** The display title: `title`, else `annotations.title`. */
export function effectiveTitle(tool: ToolDefinition): string | undefined {
  return tool.title ?? tool.annotations?.title;
}

/** Absent `additionalProperties` allows anything; a schema value allows matching extras (still open). */
export function isClosed(schema: Record<string, unknown> | undefined): boolean {
  return schema?.additionalProperties === false;
}

export function effectiveDialect(schema: Record<string, unknown> | undefined): string {
  const value = schema?.$schema;
  return typeof value === 'string' ? value.replace(/#$/, '') : DEFAULT_SCHEMA_DIALECT;
}

/** `type` as a sorted set; absent means any type. */
export function effectiveTypes(schema: Record<string, unknown> | undefined): string[] | undefined {
  const t = schema?.type;
  if (typeof t === 'string') return [t];
  if (Array.isArray(t)) return [...new Set(t.map(String))].sort();
  // An enum without `type` (after normalisation) has the types of its values.
  const values = Array.isArray(schema?.enum) ? (schema!.enum as unknown[]) : schema && Object.hasOwn(schema, 'const') ? [schema.const] : undefined;
  if (!values) return undefined;
  const types = new Set(values.map(valueType));
  if (types.has('number')) types.delete('integer');
  return [...types].sort();
}

const valueType = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v);

/** `enum`, or `const` as a one-value enum; absent means any value. */
export function effectiveEnum(schema: Record<string, unknown> | undefined): unknown[] | undefined {
  if (!schema) return undefined;
  if (Array.isArray(schema.enum)) return schema.enum;
  if ('const' in schema) return [schema.const];
  return undefined;
}

export function requiredSet(schema: Record<string, unknown> | undefined): Set<string> {
  return new Set(Array.isArray(schema?.required) ? (schema!.required as unknown[]).map(String) : []);
}

/** The property schemas by name, own keys only, as a null-prototype record (a parameter may be named `constructor`). */
export function propertiesOf(schema: Record<string, unknown> | undefined): Record<string, Record<string, unknown>> {
  const p = schema?.properties;
  const out = Object.create(null) as Record<string, Record<string, unknown>>;
  if (p && typeof p === 'object' && !Array.isArray(p)) for (const [k, v] of Object.entries(p)) out[k] = v as Record<string, unknown>;
  return out;
}

/** Stable equality for JSON values, ignoring key order. */
export function sameJson(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value)) ?? 'undefined';
}

export { sortKeys } from '../safety/records.ts';
