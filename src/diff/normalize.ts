/**
 * Schemas in one canonical form, so the structural diff compares what a schema accepts rather than
 * how it is written: local `$ref`s inlined (`$defs`, `definitions`), `const` as a one-value enum, an
 * `anyOf`/`oneOf` of constants as one enum, an `anyOf` of single-type branches as one node with a type
 * list (`{anyOf: [{type: string, format: date}, {type: null}]}` is `{type: [null, string], format: date}`),
 * `additionalProperties: true` or `{}` dropped (the default), a `type` every enum value already has
 * dropped, enums sorted. Every object built here has a null prototype, so a property named
 * `__proto__` or `constructor` is an ordinary key.
 */
import { canonicalJson } from './effective.ts';

export type Schema = Record<string, unknown>;

const MAX_DEPTH = 64;
const ANNOTATIONS = new Set(['description', 'title', 'default', 'examples', '$comment', 'deprecated', 'readOnly', 'writeOnly']);
const DROPPED = new Set(['$id', '$schema', '$defs', 'definitions', '$comment', '$anchor', '$dynamicAnchor']);

/** Keywords that only constrain values of one JSON type: other types pass them untouched. */
const FAMILY: Readonly<Record<string, string>> = {
  minLength: 'string', maxLength: 'string', pattern: 'string', format: 'string', contentEncoding: 'string', contentMediaType: 'string',
  minimum: 'number', maximum: 'number', exclusiveMinimum: 'number', exclusiveMaximum: 'number', multipleOf: 'number',
  items: 'array', prefixItems: 'array', minItems: 'array', maxItems: 'array', uniqueItems: 'array', contains: 'array', minContains: 'array', maxContains: 'array',
  properties: 'object', required: 'object', additionalProperties: 'object', patternProperties: 'object', minProperties: 'object', maxProperties: 'object', propertyNames: 'object', dependentRequired: 'object',
};
const familyOf = (type: string): string => (type === 'integer' ? 'number' : type);

/** A null-prototype copy of a plain object; keys keep their order. */
export function plain(entries: Iterable<[string, unknown]>): Schema {
  const out = Object.create(null) as Schema;
  for (const [k, v] of entries) out[k] = v;
  return out;
}

export const own = (o: unknown, key: string): unknown => (o && typeof o === 'object' && Object.hasOwn(o, key) ? (o as Schema)[key] : undefined);
export const asSchema = (v: unknown): Schema | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Schema) : undefined);

/** The JSON type of a value as a schema names it (`integer` for whole numbers). */
export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

const fits = (value: unknown, types: readonly string[]): boolean => {
  const t = jsonType(value);
  return types.includes(t) || (t === 'integer' && types.includes('number'));
};

/** The canonical form of a root schema (inputSchema or outputSchema). */
export function normalizeSchema(root: unknown): Schema {
  const node = asSchema(root) ?? plain([]);
  return canon(node, node, [], 0);
}

/** Follows a local JSON pointer (`#/$defs/Filter`) inside the root. */
function resolvePointer(root: Schema, ref: string): Schema | undefined {
  if (!ref.startsWith('#')) return undefined;
  let at: unknown = root;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    at = Array.isArray(at) ? at[Number(key)] : own(at, key);
    if (at === undefined) return undefined;
  }
  return asSchema(at) ?? (at === true ? plain([]) : undefined);
}

function canon(input: unknown, root: Schema, refs: readonly string[], depth: number): Schema {
  if (input === true || depth > MAX_DEPTH) return plain([]);
  if (input === false) return plain([['not', plain([])]]);
  let node = asSchema(input);
  if (!node) return plain([]);
  const ref = own(node, '$ref');
  if (typeof ref === 'string') {
    const target = refs.includes(ref) ? undefined : resolvePointer(root, ref);
    if (target) {
      // 2020-12 lets keywords sit beside $ref: they apply too, so they are merged in when they do not clash.
      const siblings = Object.entries(node).filter(([k]) => k !== '$ref');
      const resolved = canon(target, root, [...refs, ref], depth + 1);
      const clash = siblings.some(([k]) => k in resolved && !ANNOTATIONS.has(k));
      node = clash ? plain([['allOf', [resolved, plain(siblings)]]]) : plain([...Object.entries(resolved), ...siblings]);
    }
  }
  const out = Object.create(null) as Schema;
  for (const [key, value] of Object.entries(node)) {
    if (DROPPED.has(key) || value === undefined) continue;
    const sub = (v: unknown): Schema => canon(v, root, refs, depth + 1);
    if (key === 'properties' || key === 'patternProperties' || key === '$defs') {
      const props = asSchema(value);
      if (props) out[key] = plain(Object.entries(props).map(([k, v]) => [k, sub(v)]));
    } else if (key === 'items' || key === 'additionalProperties' || key === 'not' || key === 'contains' || key === 'propertyNames' || key === 'if' || key === 'then' || key === 'else') {
      // `additionalProperties: false` and `items: false` stay literal: the checks read them.
      out[key] = value === false && key !== 'not' ? false : value === true && key !== 'not' ? plain([]) : sub(value);
    } else if ((key === 'anyOf' || key === 'oneOf' || key === 'allOf' || key === 'prefixItems') && Array.isArray(value)) {
      out[key] = value.map(sub);
    } else if (key === 'type') {
      const types = [...new Set((Array.isArray(value) ? value : [value]).map(String))].sort();
      out.type = types.length === 1 ? types[0] : types;
    } else if (key === 'const') {
      out.enum = [value];
    } else if (key === 'enum' && Array.isArray(value)) {
      out.enum = uniqueSorted(value);
    } else if (key === 'required' && Array.isArray(value)) {
      if (value.length > 0) out.required = [...new Set(value.map(String))].sort();
    } else {
      out[key] = value;
    }
  }
  return simplify(out);
}

function uniqueSorted(values: readonly unknown[]): unknown[] {
  const byKey = new Map(values.map((v) => [canonicalJson(v), v]));
  return [...byKey.keys()].sort().map((k) => byKey.get(k));
}

/** `{not: {}}` (the canonical `false`): no value is valid. */
const acceptsNothing = (s: Schema): boolean => Object.keys(s).length === 1 && isEmpty(s.not);
const isEmpty = (s: unknown): boolean => !!asSchema(s) && Object.keys(s as Schema).length === 0;
const typesOf = (s: Schema): string[] | undefined => (typeof s.type === 'string' ? [s.type] : Array.isArray(s.type) ? (s.type as string[]) : undefined);

function simplify(s: Schema): Schema {
  if (isEmpty(s.additionalProperties)) delete s.additionalProperties;
  if (isEmpty(s.items)) delete s.items;
  if (isEmpty(s.properties)) delete s.properties;
  for (const key of ['anyOf', 'oneOf'] as const) {
    // A branch that accepts nothing (`not: {}`, zod's optional-in-union) adds nothing to the alternatives.
    if (Array.isArray(s[key]) && (s[key] as Schema[]).some((b) => !acceptsNothing(b))) s[key] = (s[key] as Schema[]).filter((b) => !acceptsNothing(b));
    const branches = s[key];
    if (!Array.isArray(branches)) continue;
    // A branch that is itself only alternatives contributes its own branches (nested anyOf from $refs).
    const flat = (branches as Schema[]).flatMap((b) => {
      // (a oneOf inside an anyOf too: the structural view only needs the union; Ajv decides exclusivity.)
      const inner = b[key] ?? (key === 'anyOf' ? b.oneOf : undefined);
      const only = key === 'anyOf' && !b[key] ? 'oneOf' : key;
      return Array.isArray(inner) && Object.keys(b).every((k) => k === only || ANNOTATIONS.has(k)) ? (inner as Schema[]) : [b];
    });
    s[key] = flat;
    const merged = mergeBranches(uniqueSorted(flat) as Schema[]);
    if (!merged) continue;
    const clash = Object.keys(merged).some((k) => k in s && k !== key && !sameAnnotation(k, s[k], merged[k]));
    if (clash) continue;
    delete s[key];
    for (const [k, v] of Object.entries(merged)) if (!(k in s)) s[k] = v;
  }
  if (Array.isArray(s.allOf)) {
    // zod's `.and()` and OpenAPI composition: an allOf whose branches do not contradict is one schema.
    const merged = mergeAll(plain(Object.entries(s).filter(([k]) => k !== 'allOf')), s.allOf as Schema[]);
    if (merged) {
      for (const k of Object.keys(s)) delete s[k];
      Object.assign(s, merged);
    }
  }
  // I-JSON (RFC 7493 2.2): integers outside +-(2^53-1) do not travel between JSON implementations, so
  // zod's `.int()` bounds at those values accept the same interoperable calls as no bound at all.
  if (s.type === 'integer') {
    if (s.maximum === Number.MAX_SAFE_INTEGER) delete s.maximum;
    if (s.minimum === Number.MIN_SAFE_INTEGER) delete s.minimum;
  }
  // `{type: string, enum: [...]}` accepts exactly the enum when every value is a string.
  const types = typesOf(s);
  if (Array.isArray(s.enum) && types && s.enum.every((v) => fits(v, types))) delete s.type;
  return s;
}

/** The conjunction as one schema when every keyword is either new, equal, or `properties`/`required` (merged); else undefined. */
function mergeAll(base: Schema, branches: readonly Schema[]): Schema | undefined {
  const out = plain(Object.entries(base));
  for (const branch of branches) {
    for (const [k, v] of Object.entries(branch)) {
      if (!(k in out)) out[k] = v;
      else if (k === 'required') out.required = [...new Set([...(out.required as string[]), ...(v as string[])])].sort();
      else if (k === 'properties') {
        const props = plain(Object.entries(out.properties as Schema));
        for (const [name, sub] of Object.entries(v as Schema)) {
          if (name in props && canonicalJson(props[name]) !== canonicalJson(sub)) return undefined;
          props[name] = sub;
        }
        out.properties = props;
      } else if (canonicalJson(out[k]) !== canonicalJson(v) && !ANNOTATIONS.has(k)) return undefined;
    }
  }
  return out;
}

const sameAnnotation = (k: string, a: unknown, b: unknown): boolean => ANNOTATIONS.has(k) && canonicalJson(a) === canonicalJson(b);

/**
 * One schema equal to the union of the branches, when there is one: all branches pure enums (one
 * enum), or each branch of one type family with only that family's keywords (one node with a type list).
 */
function mergeBranches(branches: Schema[]): Schema | undefined {
  if (branches.length === 0) return undefined;
  if (branches.length === 1) return branches[0];
  const annotations = (b: Schema) => Object.keys(b).filter((k) => ANNOTATIONS.has(k));
  const bare = branches.map((b) => plain(Object.entries(b).filter(([k]) => !ANNOTATIONS.has(k))));
  // Branch annotations differ per branch (a description per constant): they are kept only when equal.
  const shared = plain(annotations(branches[0]).filter((k) => branches.every((b) => sameAnnotation(k, b[k], branches[0][k]))).map((k) => [k, branches[0][k]]));
  if (bare.every((b) => Object.keys(b).length === 1 && Array.isArray(b.enum))) {
    return plain([...Object.entries(shared), ['enum', uniqueSorted(bare.flatMap((b) => b.enum as unknown[]))]]);
  }
  // A constant branch is absorbed by a branch that accepts its whole type (`anyOf [{const: pd}, {type: string}]` is any string).
  const wide = bare.filter((b) => Object.keys(b).length === 1 && typesOf(b)).flatMap((b) => typesOf(b)!);
  const kept = bare.filter((b) => !(Object.keys(b).length === 1 && Array.isArray(b.enum) && (b.enum as unknown[]).every((v) => fits(v, wide))));
  if (kept.length < bare.length) return mergeBranches(kept.map((b) => plain([...Object.entries(shared), ...Object.entries(b)])));
  const families = new Set<string>();
  const out = plain(Object.entries(shared));
  const types: string[] = [];
  for (const b of bare) {
    const t = typesOf(b);
    if (!t) return undefined;
    const fams = new Set(t.map(familyOf));
    for (const [k, v] of Object.entries(b)) {
      if (k === 'type') continue;
      const fam = FAMILY[k];
      if (!fam || !fams.has(fam) || fams.size !== 1) return undefined;
      if (k in out && canonicalJson(out[k]) !== canonicalJson(v)) return undefined;
      out[k] = v;
    }
    for (const f of fams) {
      if (families.has(f)) return undefined;
      families.add(f);
    }
    types.push(...t);
  }
  const sorted = [...new Set(types)].sort();
  out.type = sorted.length === 1 ? sorted[0] : sorted;
  return out;
}

/**
 * The object a schema describes, for comparing properties: the node itself, or for an `anyOf`/`oneOf`
 * whose branches are all objects, their union (every property of any branch; required when every
 * branch requires it; closed when every branch is closed). Correlations between branches are left to
 * the generated calls.
 */
/** Per object view: the properties some branch requires and another does not (they belong to one alternative). */
const branchRequired = new WeakMap<Schema, ReadonlySet<string>>();

/** Whether `name` is required by one of the alternatives the object view was made from, but not by all. */
export function requiredInSomeBranch(view: Schema | undefined, name: string): boolean {
  return !!view && !!branchRequired.get(view)?.has(name);
}

export function objectView(s: Schema): Schema | undefined {
  const branches = (Array.isArray(s.anyOf) ? s.anyOf : Array.isArray(s.oneOf) ? s.oneOf : undefined) as Schema[] | undefined;
  if (!branches || branches.length === 0) return undefined;
  const objects = branches.map((b) => (b.properties || b.required || typesOf(b)?.join() === 'object' ? b : undefined));
  if (objects.some((b) => !b)) return undefined;
  const props = Object.create(null) as Record<string, Schema[]>;
  for (const b of objects as Schema[]) {
    for (const [name, sub] of Object.entries(asSchema(b.properties) ?? {})) (props[name] ??= []).push(sub as Schema);
  }
  const required = (objects as Schema[]).map((b) => new Set(Array.isArray(b.required) ? (b.required as string[]) : []));
  const view = plain([['type', 'object']]);
  view.properties = plain(Object.entries(props).map(([name, subs]) => {
    const distinct = uniqueSorted(subs) as Schema[];
    return [name, distinct.length === 1 ? distinct[0] : simplify(plain([['anyOf', distinct]]))];
  }));
  const always = [...required[0]].filter((n) => required.every((r) => r.has(n))).sort();
  if (always.length) view.required = always;
  branchRequired.set(view, new Set(required.flatMap((r) => [...r]).filter((n) => !always.includes(n))));
  if ((objects as Schema[]).every((b) => b.additionalProperties === false)) view.additionalProperties = false;
  return view;
}
