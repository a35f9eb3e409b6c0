/**
 * Arguments for a tool call built from its inputSchema, for benchmarking a tool nobody listed in
 * `--calls`: the smallest readable value for each required property (default, const, enum, example,
 * a format or pattern sample, the lower bound), entering local `$ref`s (`#/$defs/...`,
 * `#/definitions/...`), `allOf` (merged) and `anyOf`/`oneOf` (the first branch whose value validates
 * against that node, checked with Ajv). The whole call is then checked with Ajv against the tool's own
 * schema; when it fails, seeded samples of the diff's fast-check generator (src/diff/arbitrary.ts) are
 * tried and the shortest valid one wins. Undefined when nothing valid turns up.
 */
import { arbitraryFor, FORMAT_SAMPLES, sampleValues } from '../diff/arbitrary.ts';
import { normalizeSchema, plain } from '../diff/normalize.ts';
import { checkArguments } from '../scoring/schema-check.ts';
import type { JsonSchema } from '../types.ts';
import fc from 'fast-check';

type Schema = Record<string, unknown>;
const NONE: unique symbol = Symbol('none');
type Built = unknown | typeof NONE;

const MAX_DEPTH = 10;
const SEED = 20261123;
const FALLBACK_SAMPLES = 300;
const ANNOTATIONS = new Set(['description', 'title', '$comment', 'examples', 'deprecated', 'readOnly', 'writeOnly']);

const asSchema = (v: unknown): Schema | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Schema) : v === true ? {} : undefined);
const num = (s: Schema, k: string): number | undefined => (typeof s[k] === 'number' ? (s[k] as number) : undefined);
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

interface Context {
  root: Schema;
  /** Validators of sub-schemas (with the root's definitions beside them), one per node. */
  wrappers: WeakMap<object, JsonSchema>;
}

/** Follows a local JSON pointer (`#/$defs/Filter`, `#/definitions/x`, `#`) inside the root. */
function resolvePointer(root: Schema, ref: string): Schema | undefined {
  if (!ref.startsWith('#')) return undefined;
  let at: unknown = root;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    at = Array.isArray(at) ? at[Number(key)] : isObject(at) && Object.hasOwn(at, key) ? at[key] : undefined;
    if (at === undefined) return undefined;
  }
  return asSchema(at);
}

/** The node with its `$ref` (local) replaced by the target, sibling keywords kept. */
function deref(node: Schema, ctx: Context, depth: number): Schema | undefined {
  let at = node;
  for (let hops = 0; typeof at.$ref === 'string'; hops++) {
    if (hops > MAX_DEPTH || depth > MAX_DEPTH) return undefined;
    const target = resolvePointer(ctx.root, at.$ref);
    if (!target) return undefined;
    const { $ref: _ref, ...siblings } = at;
    at = Object.keys(siblings).every((k) => ANNOTATIONS.has(k)) ? target : merge(target, siblings);
  }
  return at;
}

/** Two schemas that must both hold, as one node: properties and required united, the rest of `b` over `a`. */
function merge(a: Schema, b: Schema): Schema {
  const out: Schema = { ...a, ...b };
  if (isObject(a.properties) && isObject(b.properties)) out.properties = { ...a.properties, ...b.properties };
  if (Array.isArray(a.required) || Array.isArray(b.required)) out.required = [...new Set([...((a.required as string[]) ?? []), ...((b.required as string[]) ?? [])])];
  return out;
}

/** Whether `value` validates against one node of the schema (its `$ref`s reach the root's definitions). */
function validAt(node: Schema, value: unknown, ctx: Context): boolean {
  let wrapper = ctx.wrappers.get(node);
  if (!wrapper) {
    const { root } = ctx;
    wrapper = {
      ...node,
      ...(root.$schema !== undefined ? { $schema: root.$schema } : {}),
      ...(root.$defs !== undefined && node.$defs === undefined ? { $defs: root.$defs } : {}),
      ...(root.definitions !== undefined && node.definitions === undefined ? { definitions: root.definitions } : {}),
    };
    ctx.wrappers.set(node, wrapper);
  }
  return checkArguments(wrapper, value).valid;
}

function build(input: unknown, ctx: Context, depth: number): Built {
  if (depth > MAX_DEPTH) return NONE;
  if (input === true) return 'x';
  const raw = asSchema(input);
  if (!raw) return NONE;
  const s = deref(raw, ctx, depth);
  if (!s) return NONE;
  if (Array.isArray(s.allOf) && s.allOf.length > 0) {
    const { allOf, ...rest } = s;
    const parts = (allOf as unknown[]).map((b) => (asSchema(b) ? deref(asSchema(b)!, ctx, depth + 1) : undefined));
    if (parts.some((p) => p === undefined)) return NONE;
    return build(parts.reduce<Schema>((acc, p) => merge(acc, p!), rest), ctx, depth + 1);
  }
  if ('default' in s && s.default !== undefined) return s.default;
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum.find((v) => v !== null) ?? s.enum[0];
  if (Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0];
  const branches = Array.isArray(s.anyOf) ? s.anyOf : Array.isArray(s.oneOf) ? s.oneOf : undefined;
  if (branches && branches.length > 0) {
    const rest = Object.fromEntries(Object.entries(s).filter(([k]) => k !== 'anyOf' && k !== 'oneOf'));
    // A branch that only allows null comes last: a real value exercises the tool.
    const ordered = [...(branches as unknown[])].sort((a, b) => Number(onlyNull(a)) - Number(onlyNull(b)));
    let first: Built = NONE;
    for (const branch of ordered) {
      const b = asSchema(branch) ? deref(asSchema(branch)!, ctx, depth + 1) : undefined;
      if (!b) continue;
      const value = build(merge(rest, b), ctx, depth + 1);
      if (value === NONE) continue;
      if (validAt(s, value, ctx)) return value;
      if (first === NONE) first = value;
    }
    return first;
  }
  const types = typesOf(s);
  for (const type of types) {
    const value = byType(s, type, ctx, depth);
    if (value !== NONE) return value;
  }
  return NONE;
}

const onlyNull = (b: unknown): boolean => isObject(b) && (b.type === 'null' || (Array.isArray(b.enum) && b.enum.length === 1 && b.enum[0] === null) || b.const === null);

/** The types a node allows, null last; inferred from its keywords when it has no `type`; any value when it says nothing. */
function typesOf(s: Schema): string[] {
  if (typeof s.type === 'string') return [s.type];
  if (Array.isArray(s.type)) return [...(s.type as string[])].sort((a, b) => Number(a === 'null') - Number(b === 'null'));
  if (s.properties !== undefined || s.required !== undefined || s.additionalProperties !== undefined) return ['object'];
  if (s.items !== undefined || s.minItems !== undefined) return ['array'];
  if (s.minLength !== undefined || s.pattern !== undefined || s.format !== undefined) return ['string'];
  if (s.minimum !== undefined || s.maximum !== undefined) return ['number'];
  // No constraint at all (`{}` or only a description): any value is valid.
  return Object.keys(s).every((k) => ANNOTATIONS.has(k)) ? ['string'] : [];
}

function byType(s: Schema, type: string, ctx: Context, depth: number): Built {
  switch (type) {
    case 'string':
      return stringValue(s);
    case 'integer':
    case 'number':
      return numberValue(s, type === 'integer');
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'array': {
      const min = num(s, 'minItems') ?? 0;
      if (min === 0) return [];
      const item = build(s.items ?? {}, ctx, depth + 1);
      if (item === NONE) return NONE;
      // Unique items need distinct values: numbers or suffixed strings; anything else is left to Ajv.
      return Array.from({ length: min }, (_, i) => (s.uniqueItems && i > 0 ? (typeof item === 'number' ? item + i : typeof item === 'string' ? `${item}${i}` : item) : item));
    }
    case 'object':
      return objectValue(s, ctx, depth);
    default:
      return NONE;
  }
}

function stringValue(s: Schema): Built {
  const format = typeof s.format === 'string' ? FORMAT_SAMPLES[s.format] : undefined;
  if (format !== undefined) return format;
  if (typeof s.pattern === 'string') {
    const [sample] = sampleValues(plain([['type', 'string'], ['pattern', s.pattern], ...(s.minLength !== undefined ? [['minLength', s.minLength] as [string, unknown]] : [])]), 1, SEED);
    if (typeof sample === 'string') return sample;
  }
  const min = num(s, 'minLength') ?? 1;
  const max = num(s, 'maxLength') ?? Infinity;
  return 'x'.repeat(Math.min(Math.max(1, min), max));
}

function numberValue(s: Schema, integer: boolean): number {
  const step = integer ? 1 : 0.5;
  const exMin = num(s, 'exclusiveMinimum');
  const exMax = num(s, 'exclusiveMaximum');
  let low = Math.max(num(s, 'minimum') ?? -Infinity, exMin !== undefined ? exMin + step : -Infinity);
  const high = Math.min(num(s, 'maximum') ?? Infinity, exMax !== undefined ? exMax - step : Infinity);
  if (low === -Infinity) low = Math.min(1, high);
  if (integer) low = Math.ceil(low);
  const multiple = num(s, 'multipleOf');
  return multiple && multiple > 0 ? Math.ceil(low / multiple) * multiple : low;
}

function objectValue(s: Schema, ctx: Context, depth: number): Built {
  const properties = isObject(s.properties) ? s.properties : {};
  const out: Record<string, unknown> = {};
  const fill = (key: string): boolean => {
    const sub = Object.hasOwn(properties, key) ? properties[key] : isObject(s.additionalProperties) ? s.additionalProperties : true;
    const value = build(sub, ctx, depth + 1);
    if (value === NONE) return false;
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
    return true;
  };
  for (const key of Array.isArray(s.required) ? (s.required as string[]) : []) if (!fill(key)) return NONE;
  // minProperties: the first optional properties that can be built.
  const minProperties = num(s, 'minProperties') ?? 0;
  for (const key of Object.keys(properties)) {
    if (Object.keys(out).length >= minProperties) break;
    if (!Object.hasOwn(out, key)) fill(key);
  }
  return out;
}

/** Smallest readable arguments the schema accepts (checked with Ajv), or undefined when none could be built. */
export function synthesizeArgs(schema: JsonSchema): Record<string, unknown> | undefined {
  const ctx: Context = { root: schema, wrappers: new WeakMap() };
  const built = build(schema, ctx, 0);
  if (isObject(built) && checkArguments(schema, built).valid) return built;
  return fromSamples(schema);
}

/** The shortest valid call among seeded samples of the diff's generator. */
function fromSamples(schema: JsonSchema): Record<string, unknown> | undefined {
  let samples: unknown[];
  try {
    samples = fc.sample(arbitraryFor(normalizeSchema(schema)), { numRuns: FALLBACK_SAMPLES, seed: SEED });
  } catch {
    return undefined;
  }
  let best: Record<string, unknown> | undefined;
  let bestLength = Infinity;
  for (const sample of samples) {
    if (!isObject(sample) || !checkArguments(schema, sample).valid) continue;
    const length = JSON.stringify(sample).length;
    if (length < bestLength) [best, bestLength] = [sample, length];
  }
  return best;
}
