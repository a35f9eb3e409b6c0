/**
 * The structural diff of two tool lists: pairs tools by name, pairs probable renames (same name
 * words in another spelling, or one removed and one added tool with the same parameters), and lists
 * every difference of each pair as a Delta. No judgement here: the checks classify.
 */
import type { ToolDefinition } from '../types.ts';
import { deprecationOf } from './deprecation.ts';
import { effectiveHints, effectiveTitle, effectiveTypes, propertiesOf, requiredSet, sameJson, type Hint } from './effective.ts';
import { changesAcceptance, inputPairFor } from './by-calls.ts';
import { schemaDeltas } from './schema-deltas.ts';
import type { Delta } from './types.ts';

/** Tool fields compared by dedicated code; any other field is compared whole. */
const KNOWN_FIELDS = new Set(['name', 'title', 'description', 'inputSchema', 'outputSchema', 'annotations', '_meta', 'server', 'execution']);

export function diffTools(oldTools: readonly ToolDefinition[], newTools: readonly ToolDefinition[], server?: string): Delta[] {
  const oldByName = new Map(oldTools.map((t) => [t.name, t]));
  const newByName = new Map(newTools.map((t) => [t.name, t]));
  const removed = oldTools.filter((t) => !newByName.has(t.name));
  const added = newTools.filter((t) => !oldByName.has(t.name));
  const renames = pairRenames(removed, added);
  const renamedOld = new Set(renames.map((r) => r.old.name));
  const renamedNew = new Set(renames.map((r) => r.new.name));
  const at = server ? { server } : {};
  const deltas: Delta[] = [];
  for (const t of removed) if (!renamedOld.has(t.name)) deltas.push({ kind: 'tool-removed', tool: t.name, ...at, path: '', oldTool: t });
  for (const t of added) if (!renamedNew.has(t.name)) deltas.push({ kind: 'tool-added', tool: t.name, ...at, path: '', newTool: t });
  for (const r of renames) {
    deltas.push({ kind: 'tool-renamed', tool: r.new.name, ...at, path: 'name', before: r.old.name, after: r.new.name, oldTool: r.old, newTool: r.new, basis: r.basis });
    // A caller migrating to the new name meets every other change too.
    deltas.push(...diffTool(r.old, r.new, server));
  }
  for (const o of oldTools) {
    const n = newByName.get(o.name);
    if (n) deltas.push(...diffTool(o, n, server));
  }
  return deltas.sort((a, b) => a.tool.localeCompare(b.tool) || a.path.localeCompare(b.path));
}

/** Every difference between two versions of one tool. */
export function diffTool(o: ToolDefinition, n: ToolDefinition, server?: string): Delta[] {
  const base = { tool: n.name, ...(server ? { server } : {}), oldTool: o, newTool: n };
  const out: Delta[] = [];
  if ((o.description ?? '') !== (n.description ?? '')) out.push({ ...base, kind: 'tool-description', path: 'description', before: o.description, after: n.description });
  if (effectiveTitle(o) !== effectiveTitle(n)) out.push({ ...base, kind: 'tool-title', path: 'title', before: effectiveTitle(o), after: effectiveTitle(n) });
  const [oh, nh] = [effectiveHints(o), effectiveHints(n)];
  for (const hint of Object.keys(oh) as Hint[]) {
    if (oh[hint] !== nh[hint]) out.push({ ...base, kind: 'tool-annotation', path: `annotations.${hint}`, keyword: hint, before: oh[hint], after: nh[hint] });
  }
  const [od, nd] = [deprecationOf(o), deprecationOf(n)];
  if (!sameJson(od, nd)) out.push({ ...base, kind: 'tool-deprecation', path: '_meta.deprecated', before: od, after: nd });
  const meta = (t: ToolDefinition) => {
    const { deprecated: _d, ...rest } = t._meta ?? {};
    return rest;
  };
  if (!sameJson(meta(o), meta(n))) out.push({ ...base, kind: 'tool-field', path: '_meta', keyword: '_meta', before: meta(o), after: meta(n) });
  const [ot, nt] = [taskSupport(o), taskSupport(n)];
  if (ot !== nt) out.push({ ...base, kind: 'tool-field', path: 'execution.taskSupport', keyword: 'taskSupport', before: ot, after: nt });
  const [oe, ne] = [executionRest(o), executionRest(n)];
  if (!sameJson(oe, ne)) out.push({ ...base, kind: 'tool-field', path: 'execution', keyword: 'execution', before: oe, after: ne });
  const fields = new Set([...Object.keys(o), ...Object.keys(n)].filter((k) => !KNOWN_FIELDS.has(k)));
  for (const k of [...fields].sort()) {
    const [b, a] = [(o as unknown as Record<string, unknown>)[k], (n as unknown as Record<string, unknown>)[k]];
    if (!sameJson(b, a)) out.push({ ...base, kind: 'tool-field', path: k, keyword: k, before: b, after: a });
  }
  const where = { tool: n.name, ...(server ? { server } : {}) };
  const input = schemaDeltas(o.inputSchema, n.inputSchema, { ...where, side: 'input', path: 'inputSchema' }).map((d) => ({ ...d, oldTool: o, newTool: n }));
  out.push(...input);
  // Narrowings no single delta shows (a correlation between anyOf branches, a keyword nobody models) still reject old calls.
  if (input.some(changesAcceptance) || !sameJson(o.inputSchema, n.inputSchema)) {
    const whole = inputPairFor(o, n).probeWhole();
    if (whole.found) out.push({ ...base, kind: 'calls-rejected', side: 'input', path: 'inputSchema', steps: [], counterexample: whole.found });
  }
  if (o.outputSchema && n.outputSchema) {
    out.push(...schemaDeltas(o.outputSchema, n.outputSchema, { ...where, side: 'output', path: 'outputSchema' }));
  } else if (o.outputSchema) {
    out.push({ ...base, kind: 'schema-removed', side: 'output', path: 'outputSchema', before: o.outputSchema });
  } else if (n.outputSchema) {
    out.push({ ...base, kind: 'schema-added', side: 'output', path: 'outputSchema', after: n.outputSchema });
  }
  return out;
}

type Execution = { taskSupport?: unknown; [key: string]: unknown };
const executionOf = (t: ToolDefinition): Execution => ((t as unknown as { execution?: Execution }).execution ?? {});
/** MCP 2025-11-25: an absent `execution.taskSupport` means "forbidden". */
export const taskSupport = (t: ToolDefinition): string => String(executionOf(t).taskSupport ?? 'forbidden');
function executionRest(t: ToolDefinition): Record<string, unknown> {
  const { taskSupport: _t, ...rest } = executionOf(t);
  return rest;
}

interface Rename {
  old: ToolDefinition;
  new: ToolDefinition;
  basis: string;
}

/** `getTinyImage`, `get-tiny-image` and `get_tiny_image` all read `get tiny image`. */
export function nameWords(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
}

/** The parameters as a caller sees them: names, types and which are required. */
function signature(tool: ToolDefinition): string | undefined {
  const props = propertiesOf(tool.inputSchema);
  const names = Object.keys(props).sort();
  if (names.length === 0) return undefined;
  return JSON.stringify({ p: names.map((n) => [n, effectiveTypes(props[n]) ?? null]), r: [...requiredSet(tool.inputSchema)].sort() });
}

function pairRenames(removed: ToolDefinition[], added: ToolDefinition[]): Rename[] {
  const out: Rename[] = [];
  const freeOld = new Set(removed);
  const freeNew = new Set(added);
  const pairUnique = (key: (t: ToolDefinition) => string | undefined, basis: string) => {
    const groups = new Map<string, { o: ToolDefinition[]; n: ToolDefinition[] }>();
    for (const [set, side] of [[freeOld, 'o'], [freeNew, 'n']] as const) {
      for (const t of set) {
        const k = key(t);
        if (k === undefined) continue;
        if (!groups.has(k)) groups.set(k, { o: [], n: [] });
        groups.get(k)![side].push(t);
      }
    }
    for (const g of groups.values()) {
      if (g.o.length !== 1 || g.n.length !== 1) continue;
      out.push({ old: g.o[0], new: g.n[0], basis });
      freeOld.delete(g.o[0]);
      freeNew.delete(g.n[0]);
    }
  };
  pairUnique((t) => nameWords(t.name), 'the same name words in another spelling');
  pairUnique(signature, 'the same parameters (names, types, required)');
  pairSimilarDescriptions(freeOld, freeNew, out);
  return out;
}

const words = (text: string | undefined): Set<string> => new Set((text ?? '').toLowerCase().match(/[a-z0-9]+/g) ?? []);

function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const w of a) if (b.has(w)) shared += 1;
  return shared / (a.size + b.size - shared);
}

/** Last resort: a removed and an added tool whose descriptions share most words, each the other's only close match. */
function pairSimilarDescriptions(freeOld: Set<ToolDefinition>, freeNew: Set<ToolDefinition>, out: Rename[]): void {
  const SIMILAR = 0.7;
  const close = (t: ToolDefinition, pool: Set<ToolDefinition>) => [...pool].filter((u) => jaccard(words(t.description), words(u.description)) >= SIMILAR);
  for (const o of [...freeOld]) {
    const matches = close(o, freeNew);
    if (matches.length !== 1 || close(matches[0], freeOld).length !== 1) continue;
    out.push({ old: o, new: matches[0], basis: 'a nearly identical description' });
    freeOld.delete(o);
    freeNew.delete(matches[0]);
  }
}
