/**
 * The structural diff of two JSON Schemas (an inputSchema or outputSchema pair), on their canonical
 * forms (normalize.ts), so equivalent rewrites produce nothing: walks properties, `required`,
 * `additionalProperties` and `items`, enters `anyOf`/`oneOf` (object branches as one object view,
 * other branches paired by type), and reports every keyword that differs as a Delta. Keywords it does
 * not model still produce a generic `keyword` delta, so no difference goes unreported.
 */
import { effectiveDialect, effectiveEnum, effectiveTypes, propertiesOf, requiredSet, sameJson } from './effective.ts';
import { asSchema, normalizeSchema, objectView, own, type Schema } from './normalize.ts';
import type { Delta, PathStep, SchemaSide } from './types.ts';

interface Where {
  tool: string;
  server?: string;
  side: SchemaSide;
  path: string;
  param?: string;
  steps?: PathStep[];
}

/** Keywords compared one by one; the rest are compared as a whole per keyword. */
export const BOUND_KEYWORDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties'] as const;
const HANDLED = new Set<string>(['type', 'enum', 'const', 'description', 'title', 'default', 'pattern', 'format', 'items', 'properties', 'required', 'additionalProperties', '$schema', ...BOUND_KEYWORDS]);

/** Deltas between two root schemas (both present). */
export function schemaDeltas(oldRoot: Schema, newRoot: Schema, where: Where): Delta[] {
  const out: Delta[] = [];
  const oldDialect = effectiveDialect(oldRoot);
  const newDialect = effectiveDialect(newRoot);
  if (oldDialect !== newDialect) out.push(keywordDelta(where, '$schema', oldDialect, newDialect, oldRoot, newRoot));
  walkNode(normalizeSchema(oldRoot), normalizeSchema(newRoot), { ...where, steps: [] }, out, true);
  // Paired branches that share their parent's keywords report a parent change once per pair: keep one.
  const seen = new Set<string>();
  return out.filter((d) => {
    const key = `${d.kind} ${d.path} ${d.param ?? ''} ${d.keyword ?? ''} ${JSON.stringify([d.before, d.after])}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const branchesOf = (s: Schema): Schema[] | undefined => (Array.isArray(s.anyOf) ? (s.anyOf as Schema[]) : Array.isArray(s.oneOf) ? (s.oneOf as Schema[]) : undefined);
const isObjectLike = (s: Schema): boolean => s.properties !== undefined || s.required !== undefined || s.additionalProperties !== undefined || !!effectiveTypes(s)?.includes('object');

function walkNode(o: Schema, n: Schema, where: Where, out: Delta[], root = false): void {
  // Object branches of an anyOf/oneOf compare as one object: a property that moved into a branch is not removed.
  const [ov, nv] = [isObjectLike(o) ? undefined : objectView(o), isObjectLike(n) ? undefined : objectView(n)];
  const [oo, no] = [ov ?? (isObjectLike(o) ? o : undefined), nv ?? (isObjectLike(n) ? n : undefined)];
  if ((ov || nv) && oo && no) {
    walkObject(oo, no, where, out);
    compareRest(o, n, where, out, new Set(['anyOf', 'oneOf', 'type', 'properties', 'required', 'additionalProperties']));
    return;
  }
  // Other alternatives pair up by type, so a narrowing inside one branch is found where it happened.
  const [ob, nb] = [branchesOf(o), branchesOf(n)];
  if (ob || nb) {
    const withParent = (parent: Schema, bs: Schema[] | undefined): Schema[] => {
      const rest = Object.entries(parent).filter(([k]) => k !== 'anyOf' && k !== 'oneOf');
      return (bs ?? [parent]).map((b) => Object.assign(Object.create(null) as Schema, Object.fromEntries(rest), b));
    };
    pairBranches(withParent(o, ob), withParent(n, nb), o, n, where, out);
    return;
  }
  const types = [effectiveTypes(o), effectiveTypes(n)];
  if (!sameJson(types[0], types[1])) out.push(keywordDelta(where, 'type', types[0], types[1], o, n));
  const enums = [effectiveEnum(o), effectiveEnum(n)];
  if (!sameJson(enums[0], enums[1])) out.push(keywordDelta(where, 'enum', enums[0], enums[1], o, n));
  for (const k of ['description', 'title', 'default', 'pattern', 'format', ...BOUND_KEYWORDS]) {
    if (!sameJson(own(o, k), own(n, k))) out.push(keywordDelta(where, k, own(o, k), own(n, k), o, n));
  }
  const items = [asSchema(o.items), asSchema(n.items)];
  if (items[0] || items[1]) {
    const step = { ...where, path: `${where.path}.items`, param: `${where.param ?? ''}[]`, steps: [...(where.steps ?? []), { item: true } as const] };
    walkNode(items[0] ?? {}, items[1] ?? {}, step, out);
  } else if (!sameJson(o.items, n.items)) {
    out.push(keywordDelta(where, 'items', o.items, n.items, o, n));
  }
  if (root || isObjectLike(o) || isObjectLike(n)) walkObject(o, n, where, out);
  compareRest(o, n, where, out, HANDLED);
}

function compareRest(o: Schema, n: Schema, where: Where, out: Delta[], skip: ReadonlySet<string>): void {
  for (const k of new Set([...Object.keys(o), ...Object.keys(n)])) {
    if (skip.has(k) || HANDLED.has(k) || sameJson(own(o, k), own(n, k))) continue;
    out.push(keywordDelta(where, k, own(o, k), own(n, k), o, n));
  }
}

const WORDING = new Set(['description', 'title', 'examples', '$comment']);
/** A copy without the keywords that only word a schema, at every depth (a property named `description` is kept). */
function withoutWording(value: unknown, inProperties = false): unknown {
  if (Array.isArray(value)) return value.map((v) => withoutWording(v));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([k]) => inProperties || !WORDING.has(k)).map(([k, v]) => [k, withoutWording(v, !inProperties && (k === 'properties' || k === 'patternProperties' || k === '$defs'))]));
}
const alternatives = (bs: Schema[]): Schema => (bs.length === 1 ? bs[0] : ({ anyOf: bs } as Schema));
const branchKey = (s: Schema): string => (effectiveTypes(s) ?? ['any']).join('|');

/** Branches with the same type are walked as a pair; an unmatched branch is an `anyOf` delta of its own. */
function pairBranches(allOld: Schema[], allNew: Schema[], o: Schema, n: Schema, where: Where, out: Delta[]): void {
  // The object branches of each side compare as one object view, so a property still described by some branch is not removed.
  const [oObj, nObj] = [allOld.filter(isObjectLike), allNew.filter(isObjectLike)];
  let [ob, nb] = [allOld, allNew];
  if (oObj.length > 0 && nObj.length > 0 && (oObj.length > 1 || nObj.length > 1)) {
    const view = (bs: Schema[]): Schema => (bs.length === 1 ? bs[0] : objectView({ anyOf: bs } as Schema) ?? bs[0]);
    walkNode(view(oObj), view(nObj), where, out);
    [ob, nb] = [allOld.filter((b) => !isObjectLike(b)), allNew.filter((b) => !isObjectLike(b))];
  }
  const keys = (bs: Schema[]) => bs.map(branchKey);
  const [ok, nk] = [keys(ob), keys(nb)];
  const unique = (ks: string[]) => new Set(ks).size === ks.length;
  if (!unique(ok) || !unique(nk)) {
    // Alternatives that differ only in their descriptions or titles accept the same calls: a wording change.
    if (!sameJson(ob, nb)) out.push(keywordDelta(where, sameJson(withoutWording(ob), withoutWording(nb)) ? 'description' : 'anyOf', alternatives(ob), alternatives(nb), o, n));
    return;
  }
  for (let i = 0; i < ob.length; i += 1) {
    const j = nk.indexOf(ok[i]);
    if (j >= 0) walkNode(ob[i], nb[j], where, out);
    else out.push(keywordDelta(where, 'anyOf', ob[i], undefined, o, n));
  }
  for (let j = 0; j < nb.length; j += 1) if (!ok.includes(nk[j])) out.push(keywordDelta(where, 'anyOf', undefined, nb[j], o, n));
}

function walkObject(o: Schema, n: Schema, where: Where, out: Delta[]): void {
  const steps = where.steps ?? [];
  const addl = [o.additionalProperties ?? true, n.additionalProperties ?? true];
  const addlSchemas = [asSchema(addl[0]), asSchema(addl[1])];
  if (addlSchemas[0] && addlSchemas[1]) {
    walkNode(addlSchemas[0], addlSchemas[1], { ...where, path: `${where.path}.additionalProperties`, param: `${where.param ?? ''}{}`, steps: [...steps, { extra: true }] }, out);
  } else if (!sameJson(addl[0], addl[1])) {
    out.push(keywordDelta(where, 'additionalProperties', addl[0], addl[1], o, n));
  }
  const oldProps = propertiesOf(o);
  const newProps = propertiesOf(n);
  const oldReq = requiredSet(o);
  const newReq = requiredSet(n);
  const names = [...new Set([...Object.keys(oldProps), ...Object.keys(newProps)])].sort();
  for (const name of names) {
    const param = where.param ? `${where.param}.${name}` : name;
    const path = `${where.path}.properties.${name}`;
    const at = [...steps, { property: name }];
    const base = { tool: where.tool, ...(where.server ? { server: where.server } : {}), side: where.side, param, steps: at, oldParent: o, newParent: n };
    const before = asSchema(oldProps[name]);
    const after = asSchema(newProps[name]);
    if (!before && after) {
      out.push({ ...base, kind: 'property-added', path, newNode: after, after: newReq.has(name) });
      continue;
    }
    if (before && !after) {
      out.push({ ...base, kind: 'property-removed', path, oldNode: before, before: oldReq.has(name) });
      continue;
    }
    if (!before || !after) continue;
    if (oldReq.has(name) !== newReq.has(name)) {
      out.push({ ...base, kind: 'property-required', path: `${where.path}.required`, oldNode: before, newNode: after, before: oldReq.has(name), after: newReq.has(name) });
    }
    walkNode(before, after, { ...where, path, param, steps: at }, out);
  }
  // A required name with no property schema is still a constraint on callers.
  for (const name of [...new Set([...oldReq, ...newReq])].sort()) {
    if (Object.hasOwn(oldProps, name) || Object.hasOwn(newProps, name) || oldReq.has(name) === newReq.has(name)) continue;
    const param = where.param ? `${where.param}.${name}` : name;
    out.push({ kind: 'property-required', tool: where.tool, ...(where.server ? { server: where.server } : {}), side: where.side, param, steps: [...steps, { property: name }], path: `${where.path}.required`, before: oldReq.has(name), after: newReq.has(name), oldParent: o, newParent: n });
  }
}

function keywordDelta(where: Where, keyword: string, before: unknown, after: unknown, oldNode: Schema, newNode: Schema): Delta {
  return {
    kind: 'keyword',
    tool: where.tool,
    ...(where.server ? { server: where.server } : {}),
    side: where.side,
    path: `${where.path}.${keyword}`,
    ...(where.param ? { param: where.param } : {}),
    steps: where.steps ?? [],
    keyword,
    before,
    after,
    oldNode,
    newNode,
  };
}
