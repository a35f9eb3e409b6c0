/**
 * The simplest value a schema accepts, the start of every generated old call: an enum's first value,
 * an object's required properties (and what `dependentRequired`, `patternProperties` and
 * `minProperties` ask for), arrays at `minItems` with a `contains` item, numbers at their lower bound
 * on a `multipleOf`, strings of the pattern or format stretched to `minLength`. Ajv decides validity.
 */
import { linearRegExp } from '../safety/regex-engine.ts';
import { CALL_SEED, fitLength, multipleIn, objectOf, sampleValues } from './arbitrary.ts';
import { asSchema, objectView, own, plain, type Schema } from './normalize.ts';
import type { PathStep } from './types.ts';

/** The simplest value of a schema: required properties only, each at its simplest. */
export function minimalValue(s: Schema, depth = 0): unknown {
  if (depth > 6) return null;
  if (Array.isArray(s.enum) && s.enum.length) return s.enum[0];
  const view = objectView(s);
  if (view) return minimalValue(view, depth + 1);
  const branches = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (Array.isArray(branches) && branches.length) return minimalValue(plain([...Object.entries(s).filter(([k]) => k !== 'anyOf' && k !== 'oneOf'), ...Object.entries(branches[0])]), depth + 1);
  const type = typeof s.type === 'string' ? s.type : Array.isArray(s.type) ? (s.type as string[]).filter((t) => t !== 'null')[0] ?? 'null' : s.properties ? 'object' : 'string';
  if (type === 'object') return minimalObject(s, depth);
  if (type === 'array') {
    const n = typeof s.minItems === 'number' ? Math.min(s.minItems, 8) : 0;
    const contains = asSchema(s.contains);
    const items = Array.from({ length: n }, () => minimalValue(asSchema(s.items) ?? plain([]), depth + 1));
    return contains ? [minimalValue(contains, depth + 1), ...items.slice(1)] : items;
  }
  if (type === 'integer' || type === 'number') {
    const min = typeof s.minimum === 'number' ? s.minimum : typeof s.exclusiveMinimum === 'number' ? Math.floor(s.exclusiveMinimum) + 1 : 0;
    const value = typeof s.maximum === 'number' && s.maximum < min ? s.maximum : Math.max(min, typeof s.maximum === 'number' ? Math.min(1, s.maximum) : 1);
    return multipleIn(value, s, min, typeof s.maximum === 'number' ? s.maximum : Number.MAX_SAFE_INTEGER);
  }
  if (type === 'boolean') return true;
  if (type === 'null') return null;
  const sampled = typeof s.pattern === 'string' || typeof s.format === 'string' ? sampleValues(s, 1, CALL_SEED)[0] : undefined;
  if (typeof sampled === 'string') return sampled;
  return fitLength(typeof s.minLength === 'number' && s.minLength > 7 ? 'x'.repeat(s.minLength) : 'example', s);
}

/**
 * Required properties at their simplest (a required name without a property schema takes the schema
 * of a matching `patternProperties` entry, else `additionalProperties`), then the properties that
 * `dependentRequired` asks for, then declared or extra ones up to `minProperties`.
 */
function minimalObject(s: Schema, depth: number): Record<string, unknown> {
  const props = asSchema(own(s, 'properties')) ?? {};
  const patterns = Object.entries(asSchema(own(s, 'patternProperties')) ?? {});
  const schemaOf = (name: string): Schema => {
    const declared = asSchema(own(props, name));
    if (declared) return declared;
    const byPattern = patterns.find(([p]) => safeTest(p, name));
    return asSchema(byPattern?.[1]) ?? asSchema(s.additionalProperties) ?? plain([]);
  };
  const names = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
  const dependent = asSchema(own(s, 'dependentRequired')) ?? {};
  for (const name of [...names]) for (const more of Array.isArray(own(dependent, name)) ? (own(dependent, name) as string[]) : []) names.add(more);
  const minProperties = typeof s.minProperties === 'number' ? s.minProperties : 0;
  for (const name of Object.keys(props)) if (names.size < minProperties) names.add(name);
  for (let i = 0; names.size < minProperties && i < 26 && s.additionalProperties !== false; i += 1) names.add(String.fromCharCode(97 + i));
  return objectOf([...names].map((name) => [name, minimalValue(schemaOf(name), depth + 1)]));
}

/** Server patterns run on the linear-time engine only. */
const safeTest = (pattern: string, text: string): boolean => linearRegExp(pattern, 'u').test(text);

/** One branch merged into its parent (the parent's own keywords kept), for walking into alternatives. */
const withBranch = (parent: Schema, branch: Schema): Schema =>
  plain([...Object.entries(parent).filter(([k]) => k !== 'anyOf' && k !== 'oneOf'), ...Object.entries(branch)]);

/** Whether a schema can hold the next step of a path: it declares the property, or it has items or open extras. */
function holds(s: Schema, step: PathStep): boolean {
  if ('property' in step) return Object.hasOwn(asSchema(own(s, 'properties')) ?? {}, step.property) || (s.additionalProperties !== false && !own(s, 'properties'));
  if ('item' in step) return own(s, 'items') !== undefined || s.type === 'array';
  return s.additionalProperties !== false;
}

/** The sub-schema one step down (a declared property, an item, an undeclared property). */
function childOf(s: Schema, step: PathStep): Schema {
  if ('item' in step) return asSchema(own(s, 'items')) ?? plain([]);
  const declared = 'property' in step ? asSchema(own(asSchema(own(s, 'properties')), step.property)) : undefined;
  return declared ?? asSchema(s.additionalProperties) ?? plain([]);
}

/** Whether the whole path can be followed from this schema, through any branch on the way. */
function reaches(s: Schema, steps: readonly PathStep[], depth = 0): boolean {
  if (steps.length === 0 || depth > 12) return true;
  const branches = (Array.isArray(s.anyOf) ? s.anyOf : Array.isArray(s.oneOf) ? s.oneOf : undefined) as Schema[] | undefined;
  if (branches?.length) return branches.some((b) => reaches(withBranch(s, b), steps, depth + 1));
  return holds(s, steps[0]) && reaches(childOf(s, steps[0]), steps.slice(1), depth + 1);
}

/**
 * The simplest value that reaches a path: at each `anyOf`/`oneOf` on the way, the branch that
 * declares the next step (so `method[].arguments.sort` is reached through the `find` branch, not the
 * first one, whose arguments are closed and have no `sort`). The caller then puts its value at the last step.
 */
export function minimalAlong(s: Schema, steps: readonly PathStep[], extraName: string, depth = 0): unknown {
  const branches = (Array.isArray(s.anyOf) ? s.anyOf : Array.isArray(s.oneOf) ? s.oneOf : undefined) as Schema[] | undefined;
  if (steps.length > 0 && branches?.length) {
    const pick = branches.map((b) => withBranch(s, b)).find((b) => reaches(b, steps));
    if (pick) s = pick;
  }
  if (steps.length === 0 || depth > 12) return minimalValue(s);
  const [step, ...rest] = steps;
  if ('item' in step) {
    const items = childOf(s, step);
    const n = Math.max(1, typeof s.minItems === 'number' ? Math.min(s.minItems, 8) : 1);
    return [minimalAlong(items, rest, extraName, depth + 1), ...Array.from({ length: n - 1 }, () => minimalValue(items))];
  }
  const base = minimalValue(s);
  const out = base && typeof base === 'object' && !Array.isArray(base) ? (base as Record<string, unknown>) : {};
  const name = 'property' in step ? step.property : extraName;
  Object.defineProperty(out, name, { value: minimalAlong(childOf(s, step), rest, extraName, depth + 1), enumerable: true, writable: true, configurable: true });
  return out;
}
