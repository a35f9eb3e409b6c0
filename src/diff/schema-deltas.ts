/**
 * The structural diff of two JSON Schemas (an inputSchema or outputSchema pair): walks properties,
 * `required`, `additionalProperties` and `items`, and reports every keyword that differs as a Delta
 * with effective values. Keywords it does not model still produce a generic `keyword` delta, so no
 * difference goes unreported.
 */
import { effectiveDialect, effectiveEnum, effectiveTypes, propertiesOf, requiredSet, sameJson } from './effective.ts';
import type { Delta, SchemaSide } from './types.ts';

type Schema = Record<string, unknown>;

interface Where {
  tool: string;
  server?: string;
  side: SchemaSide;
  path: string;
  param?: string;
}

/** Keywords compared one by one; the rest are compared as a whole per keyword. */
export const BOUND_KEYWORDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties'] as const;
const HANDLED = new Set<string>(['type', 'enum', 'const', 'description', 'title', 'default', 'pattern', 'format', 'items', 'properties', 'required', 'additionalProperties', '$schema', ...BOUND_KEYWORDS]);

const asSchema = (v: unknown): Schema | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Schema) : undefined);

/** Deltas between two root schemas (both present). */
export function schemaDeltas(oldRoot: Schema, newRoot: Schema, where: Where): Delta[] {
  const out: Delta[] = [];
  const oldDialect = effectiveDialect(oldRoot);
  const newDialect = effectiveDialect(newRoot);
  if (oldDialect !== newDialect) out.push(keywordDelta(where, '$schema', oldDialect, newDialect, oldRoot, newRoot));
  walkNode(oldRoot, newRoot, where, out, true);
  return out;
}

function walkNode(o: Schema, n: Schema, where: Where, out: Delta[], root = false): void {
  const types = [effectiveTypes(o), effectiveTypes(n)];
  if (!sameJson(types[0], types[1])) out.push(keywordDelta(where, 'type', types[0], types[1], o, n));
  const enums = [effectiveEnum(o), effectiveEnum(n)];
  if (!sameJson(enums[0], enums[1])) out.push(keywordDelta(where, 'enum', enums[0], enums[1], o, n));
  for (const k of ['description', 'title', 'default', 'pattern', 'format', ...BOUND_KEYWORDS]) {
    if (!sameJson(o[k], n[k])) out.push(keywordDelta(where, k, o[k], n[k], o, n));
  }
  const items = [asSchema(o.items), asSchema(n.items)];
  if (items[0] && items[1]) {
    walkNode(items[0], items[1], { ...where, path: `${where.path}.items`, param: `${where.param ?? ''}[]` }, out);
  } else if (!sameJson(o.items, n.items)) {
    out.push(keywordDelta(where, 'items', o.items, n.items, o, n));
  }
  const isObject = (s: Schema) => s.properties !== undefined || s.required !== undefined || s.additionalProperties !== undefined || effectiveTypes(s)?.includes('object');
  if (root || isObject(o) || isObject(n)) walkObject(o, n, where, out);
  for (const k of new Set([...Object.keys(o), ...Object.keys(n)])) {
    if (HANDLED.has(k) || sameJson(o[k], n[k])) continue;
    out.push(keywordDelta(where, k, o[k], n[k], o, n));
  }
}

function walkObject(o: Schema, n: Schema, where: Where, out: Delta[]): void {
  const addl = [o.additionalProperties ?? true, n.additionalProperties ?? true];
  const addlSchemas = [asSchema(addl[0]), asSchema(addl[1])];
  if (addlSchemas[0] && addlSchemas[1]) {
    walkNode(addlSchemas[0], addlSchemas[1], { ...where, path: `${where.path}.additionalProperties`, param: `${where.param ?? ''}{}` }, out);
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
    const base = { tool: where.tool, ...(where.server ? { server: where.server } : {}), side: where.side, param, oldParent: o, newParent: n };
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
    walkNode(before, after, { ...where, path, param }, out);
  }
  // A required name with no property schema is still a constraint on callers.
  for (const name of [...new Set([...oldReq, ...newReq])].sort()) {
    if (oldProps[name] || newProps[name] || oldReq.has(name) === newReq.has(name)) continue;
    const param = where.param ? `${where.param}.${name}` : name;
    out.push({ kind: 'property-required', tool: where.tool, ...(where.server ? { server: where.server } : {}), side: where.side, param, path: `${where.path}.required`, before: oldReq.has(name), after: newReq.has(name), oldParent: o, newParent: n });
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
    keyword,
    before,
    after,
    oldNode,
    newNode,
  };
}
