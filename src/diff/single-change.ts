/**
 * The old input schema with one change applied and nothing else, so a counterexample belongs to its
 * change: a call the old schema accepts that this schema rejects is rejected *because of* the change
 * (a call the new `minLength` rejects is never shown for "maxLength added"). Built on the canonical
 * form (normalize.ts): the nodes at the delta's path are found through properties, items, undeclared
 * properties and the branches of `anyOf`/`oneOf`/`allOf`, and only the keyword that changed is set to
 * its new value there. When the change cannot be placed that precisely (a rewritten set of
 * alternatives), the sub-schema at the path is swapped for the new one, which is still only the
 * changes made at that parameter. Undefined when neither works; the caller then says so.
 */
import { effectiveEnum, effectiveTypes, sameJson } from './effective.ts';
import { asSchema, own, type Schema } from './normalize.ts';
import type { Delta, PathStep } from './types.ts';

const BRANCH_KEYS = ['anyOf', 'oneOf', 'allOf'] as const;

/** A deep copy as plain JSON objects (keys like `__proto__` stay own keys: JSON.parse defines them). */
const clone = (s: Schema): Schema => JSON.parse(JSON.stringify(s)) as Schema;

/** The node and, recursively, every branch of its alternatives and conjunctions. */
function withBranches(node: Schema): Schema[] {
  const out = [node];
  for (const key of BRANCH_KEYS) {
    const branches = own(node, key);
    if (Array.isArray(branches)) for (const b of branches) if (asSchema(b)) out.push(...withBranches(b as Schema));
  }
  return out;
}

/** Every node a path reaches, through any branch (so a property that lives in two object branches is found in both). */
export function nodesAt(root: Schema, steps: readonly PathStep[]): Schema[] {
  let at: Schema[] = [root];
  for (const step of steps) {
    const next: Schema[] = [];
    for (const node of at.flatMap(withBranches)) {
      const child =
        'property' in step ? asSchema(own(asSchema(own(node, 'properties')), step.property)) : 'item' in step ? asSchema(own(node, 'items')) : asSchema(own(node, 'additionalProperties'));
      if (child && !next.includes(child)) next.push(child);
    }
    if (next.length === 0) return [];
    at = next;
  }
  return at;
}

/** The value of a keyword as the structural diff compared it (effective type and enum, additionalProperties defaulting to true). */
function compared(node: Schema, keyword: string): unknown {
  if (keyword === 'type') return effectiveTypes(node);
  if (keyword === 'enum') return effectiveEnum(node);
  if (keyword === 'additionalProperties') return own(node, 'additionalProperties') ?? true;
  return own(node, keyword);
}

function setKeyword(node: Schema, keyword: string, value: unknown): void {
  if (keyword === 'enum') delete node.const;
  if (keyword === 'type' && Array.isArray(value) && value.length === 1) value = value[0];
  if (value === undefined || (keyword === 'additionalProperties' && value === true)) delete node[keyword];
  else node[keyword] = JSON.parse(JSON.stringify(value)) as unknown;
}

/** Sets the one keyword on the nodes at the path that have its old value (preferring those of the delta's own branch type). */
function applyKeyword(root: Schema, d: Delta): boolean {
  const keyword = d.keyword ?? '';
  const holders = nodesAt(root, d.steps ?? []).flatMap(withBranches).filter((n) => sameJson(compared(n, keyword), d.before));
  if (holders.length === 0) return false;
  const types = effectiveTypes(d.oldNode);
  const sameBranch = holders.filter((n) => sameJson(effectiveTypes(n), types));
  // The delta came from one branch (paired by type): change that branch, not its siblings or their parent.
  for (const node of sameBranch.length > 0 ? sameBranch : holders.slice(0, 1)) setKeyword(node, keyword, d.after);
  return true;
}

/** Adds, removes, or (un)requires a property on every object node at the parent path. */
function applyProperty(root: Schema, d: Delta): boolean {
  const steps = d.steps ?? [];
  const last = steps[steps.length - 1];
  if (!last || !('property' in last)) return false;
  const name = last.property;
  const parents = nodesAt(root, steps.slice(0, -1)).flatMap(withBranches);
  const holding = parents.filter((p) => Object.hasOwn(asSchema(own(p, 'properties')) ?? {}, name));
  const required = (p: Schema, on: boolean) => {
    const list = Array.isArray(p.required) ? (p.required as string[]).filter((n) => n !== name) : [];
    if (on) list.push(name);
    if (list.length > 0) p.required = list.sort();
    else delete p.required;
  };
  if (d.kind === 'property-removed') {
    for (const p of holding) {
      delete (p.properties as Schema)[name];
      required(p, false);
    }
    return holding.length > 0;
  }
  if (d.kind === 'property-required') {
    const targets = holding.length > 0 ? holding : parents.filter((p) => (Array.isArray(p.required) && (p.required as string[]).includes(name)) === d.before);
    for (const p of targets.length > 0 ? targets : parents.slice(0, 1)) required(p, d.after === true);
    return parents.length > 0;
  }
  // property-added: on the parent that is an object (the first one, as the new schema's object view has it).
  const parent = parents.find((p) => own(p, 'properties') !== undefined || effectiveTypes(p)?.includes('object')) ?? parents[0];
  if (!parent || !d.newNode) return false;
  parent.properties = { ...(asSchema(own(parent, 'properties')) ?? {}), [name]: JSON.parse(JSON.stringify(d.newNode)) as unknown };
  if (d.after === true) required(parent, true);
  return true;
}

/** Replaces the sub-schema at the path with the new schema's: every change at that parameter, none elsewhere. */
function swapAt(root: Schema, newRoot: Schema, steps: readonly PathStep[]): Schema | undefined {
  if (steps.length === 0) return clone(newRoot);
  const [olds, news] = [nodesAt(root, steps), nodesAt(newRoot, steps)];
  if (olds.length !== 1 || news.length !== 1) return undefined;
  const target = olds[0];
  for (const k of Object.keys(target)) delete target[k];
  Object.assign(target, clone(news[0]));
  return root;
}

/** The old (canonical) schema with only this delta's change applied, or undefined when it cannot be placed. */
export function withOnlyChange(oldNorm: Schema, newNorm: Schema, d: Delta): Schema | undefined {
  const root = clone(oldNorm);
  if (d.kind === 'keyword' && d.keyword && d.keyword !== 'anyOf' && d.keyword !== 'oneOf' && d.keyword !== '$schema' && applyKeyword(root, d)) return root;
  if ((d.kind === 'property-added' || d.kind === 'property-removed' || d.kind === 'property-required') && applyProperty(root, d)) return root;
  if (d.kind === 'keyword' && d.keyword === '$schema') return undefined;
  return swapAt(root, clone(newNorm), d.kind === 'keyword' ? (d.steps ?? []) : (d.steps ?? []).slice(0, -1));
}
