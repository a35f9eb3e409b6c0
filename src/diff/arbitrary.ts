/**
 * Values from a (normalised) JSON Schema, for the calls behind a diff verdict: a fast-check
 * arbitrary that mostly produces valid values (every one is checked with Ajv afterwards, so an
 * invalid one only costs a try), and a short list of readable candidates (`"example"`, boundary
 * numbers, enum values, a date) tried first so a counterexample reads well. Strings stay short so a
 * pathological pattern cannot make one check slow.
 */
import fc from 'fast-check';
import { effectiveTypes } from './effective.ts';
import { asSchema, own, plain, type Schema } from './normalize.ts';

/** The seed of every generated call, so CI sees the same calls every run. */
export const CALL_SEED = 20261123;
const ALL_TYPES = ['string', 'integer', 'number', 'boolean', 'null', 'object', 'array'];
const MAX_DEPTH = 5;
const MAX_STRING = 16;
/** Strings and arrays just past a length bound are tried up to this length. */
const MAX_BOUND_LENGTH = 4096;
/**
 * Strings that fall outside common patterns (non-ASCII, whitespace, a line break, punctuation, case
 * and digits), tried when the new side has a pattern, so `pattern: ^[\x20-\x7E]*$` meets an "é".
 */
const PATTERN_BREAKERS = ['é', 'a b', 'a\nb', 'a/b', 'a.b', 'A', '0', '-', '_', 'ü日本'];
export const FORMAT_SAMPLES: Readonly<Record<string, string>> = {
  date: '2024-01-15',
  'date-time': '2024-01-15T10:30:00Z',
  time: '10:30:00Z',
  email: 'user@example.com',
  'idn-email': 'user@example.com',
  uri: 'https://example.com/a',
  'uri-reference': 'https://example.com/a',
  iri: 'https://example.com/a',
  url: 'https://example.com/a',
  uuid: '123e4567-e89b-12d3-a456-426614174000',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  hostname: 'example.com',
  duration: 'P1D',
  regex: 'a+',
};

const num = (s: Schema, k: string): number | undefined => (typeof own(s, k) === 'number' ? (own(s, k) as number) : undefined);

/** A property map as a plain object whose keys may be anything, `__proto__` included. */
export function objectOf(entries: Iterable<[string, unknown]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of entries) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  return out;
}

function numberRange(s: Schema, integer: boolean): { min: number; max: number } {
  const exMin = num(s, 'exclusiveMinimum');
  const exMax = num(s, 'exclusiveMaximum');
  const step = integer ? 1 : 0.5;
  const min = Math.max(num(s, 'minimum') ?? -1000, exMin !== undefined ? exMin + step : -Infinity);
  const max = Math.min(num(s, 'maximum') ?? Math.max(1000, min + 1000), exMax !== undefined ? exMax - step : Infinity);
  return integer ? { min: Math.ceil(min), max: Math.floor(Math.max(min, max)) } : { min, max: Math.max(min, max) };
}

/** A string stretched (repeated) to `minLength` and cut to `maxLength`: `^[0-9a-f]+$` with length 40 still matches. */
export function fitLength(value: string, s: Schema): string {
  const min = num(s, 'minLength') ?? 0;
  const max = num(s, 'maxLength');
  let out = value;
  if (out.length > 0) while (out.length < min) out += value;
  return max !== undefined && out.length > max ? out.slice(0, max) : out;
}

function stringArbitrary(s: Schema): fc.Arbitrary<string> {
  const pattern = own(s, 'pattern');
  if (typeof pattern === 'string') {
    try {
      return fc.stringMatching(new RegExp(pattern, 'u'), { size: 'xsmall' }).map((v) => fitLength(v, s));
    } catch {
      // A pattern fast-check cannot read: plain strings, checked by Ajv afterwards.
    }
  }
  const format = own(s, 'format');
  if (typeof format === 'string' && FORMAT_SAMPLES[format]) return fc.constant(FORMAT_SAMPLES[format]);
  const minLength = num(s, 'minLength') ?? 0;
  const maxLength = Math.min(num(s, 'maxLength') ?? minLength + MAX_STRING, minLength + MAX_STRING);
  return fc.oneof(fc.constantFrom('example', 'yesterday', 'a', ''), fc.string({ minLength, maxLength }));
}

function objectArbitrary(s: Schema, depth: number): fc.Arbitrary<unknown> {
  const props = Object.entries(asSchema(own(s, 'properties')) ?? {}).slice(0, 24);
  const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
  const parts = props.map(([name, sub]) => {
    const arb = arbitraryFor(sub as Schema, depth + 1);
    return required.has(name) ? arb.map((v) => [name, v] as const) : fc.option(arb.map((v) => [name, v] as const), { nil: undefined, freq: 2 });
  });
  // Required names without a property schema still need a value.
  const bare = [...required].filter((n) => !props.some(([p]) => p === n)).map((n) => fc.jsonValue({ maxDepth: 1 }).map((v) => [n, v] as const));
  return fc.tuple(...parts, ...bare).map((pairs) => objectOf(pairs.filter((p): p is readonly [string, unknown] => p !== undefined) as [string, unknown][]));
}

/** The nearest multiple of `multipleOf` at or above `v` inside [min, max], else `v`. */
export function multipleIn(v: number, s: Schema, min: number, max: number): number {
  const m = num(s, 'multipleOf');
  if (!m || m <= 0) return v;
  const up = Math.ceil(v / m) * m;
  if (up <= max) return up;
  const first = Math.ceil(min / m) * m;
  return first <= max ? first : v;
}

/** An arbitrary for values of the schema (mostly valid; callers check with Ajv). */
export function arbitraryFor(s: Schema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > MAX_DEPTH) return fc.constant(null);
  if (Array.isArray(s.enum) && s.enum.length > 0) return fc.constantFrom(...(s.enum as unknown[]));
  const branches = (Array.isArray(s.anyOf) ? s.anyOf : Array.isArray(s.oneOf) ? s.oneOf : undefined) as Schema[] | undefined;
  if (branches && branches.length > 0) {
    const rest = Object.entries(s).filter(([k]) => k !== 'anyOf' && k !== 'oneOf');
    return fc.oneof(...branches.map((b) => arbitraryFor(plain([...rest, ...Object.entries(b)]), depth + 1)));
  }
  if (Array.isArray(s.allOf) && s.allOf.length > 0) {
    const rest = Object.entries(s).filter(([k]) => k !== 'allOf');
    return arbitraryFor(plain([...rest, ...(s.allOf as Schema[]).flatMap((b) => Object.entries(b))]), depth + 1);
  }
  const types = effectiveTypes(s) ?? ALL_TYPES;
  return fc.oneof(...types.map((t) => typedArbitrary(s, t, depth)));
}

function typedArbitrary(s: Schema, type: string, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return stringArbitrary(s);
    case 'integer': {
      const { min, max } = numberRange(s, true);
      return fc.integer({ min, max }).map((v) => multipleIn(v, s, min, max));
    }
    case 'number': {
      const { min, max } = numberRange(s, false);
      return fc.oneof(fc.integer({ min: Math.ceil(min), max: Math.floor(max) }), fc.double({ min, max, noNaN: true, noDefaultInfinity: true }));
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = asSchema(own(s, 'items')) ?? plain([]);
      const minLength = num(s, 'minItems') ?? 0;
      const arrays = fc.array(arbitraryFor(items, depth + 1), { minLength, maxLength: Math.min(num(s, 'maxItems') ?? minLength + 3, minLength + 3) });
      // `contains`: one item of that schema first.
      const contains = asSchema(own(s, 'contains'));
      return contains ? fc.tuple(arbitraryFor(contains, depth + 1), arrays).map(([c, rest]) => [c, ...rest]) : arrays;
    }
    case 'object':
      return objectArbitrary(s, depth);
    default:
      return fc.constant(null);
  }
}

/** `n` values of the schema, the same ones for the same seed. */
export function sampleValues(s: Schema, n: number, seed: number): unknown[] {
  try {
    return fc.sample(arbitraryFor(s), { numRuns: n, seed });
  } catch {
    return [];
  }
}

/**
 * Readable values to try before random ones: each old enum value, each type's plain value, values on
 * both sides of every bound either schema sets, and a value of the old pattern or format.
 */
export function readableCandidates(oldNode: Schema, newNode: Schema | undefined, seed: number): unknown[] {
  const out: unknown[] = [];
  if (Array.isArray(oldNode.enum)) out.push(...(oldNode.enum as unknown[]));
  const types = effectiveTypes(oldNode) ?? ALL_TYPES;
  const nodes = [oldNode, ...(newNode ? [newNode] : [])];
  const bound = (k: string) => nodes.map((n) => num(n, k)).filter((v): v is number => v !== undefined);
  for (const t of types) {
    if (t === 'string') {
      out.push('example', 'yesterday', 'a', '');
      // Patterns run on a linear-time engine (lint/schema-dialect.ts), so long strings cannot make one slow.
      for (const n of [...bound('minLength'), ...bound('maxLength')]) if (n < MAX_BOUND_LENGTH) out.push('x'.repeat(Math.max(0, n - 1)), 'x'.repeat(n), 'x'.repeat(n + 1));
      if (newNode && typeof own(newNode, 'pattern') === 'string') out.push(...PATTERN_BREAKERS);
      const format = own(oldNode, 'format');
      if (typeof format === 'string' && FORMAT_SAMPLES[format]) out.push(FORMAT_SAMPLES[format]);
      if (typeof own(oldNode, 'pattern') === 'string') out.push(...sampleValues(plain([['type', 'string'], ['pattern', own(oldNode, 'pattern')]]), 8, seed));
    } else if (t === 'integer' || t === 'number') {
      out.push(0, 1, -1, 10, 100, 1000, 1e6, -1e6);
      if (t === 'number') out.push(0.5, 1.5);
      for (const n of [...bound('minimum'), ...bound('maximum'), ...bound('exclusiveMinimum'), ...bound('exclusiveMaximum')]) out.push(n - 1, n, n + 1, ...(t === 'number' ? [n - 0.5, n + 0.5] : []));
    } else if (t === 'boolean') out.push(true, false);
    else if (t === 'null') out.push(null);
    else if (t === 'array') {
      const item = asSchema(own(oldNode, 'items'));
      const one = item ? sampleValues(item, 1, seed) : ['example'];
      out.push([], one);
      for (const n of [...bound('minItems'), ...bound('maxItems')]) for (const k of [n - 1, n, n + 1]) if (k >= 0 && k <= MAX_BOUND_LENGTH) out.push(Array.from({ length: k }, (_, i) => one[0] ?? i));
    } else if (t === 'object') {
      // Keys and values a new `propertyNames` or extras schema may refuse.
      out.push({});
      if (newNode && (own(newNode, 'propertyNames') !== undefined || asSchema(own(newNode, 'additionalProperties')))) out.push(objectOf([['Key 1', 'example']]), objectOf([['a', 'example']]));
    }
  }
  return out;
}
