/**
 * The structural diff of what a server offers besides tools: prompts (paired by name, or by the same
 * name words in another spelling), their arguments, resources (by URI), resource templates (by URI
 * template), capabilities (each declared flag, flattened to a dotted path) and instructions. Like
 * structural.ts for tools, it only lists differences as Deltas; the checks classify them.
 *
 * A side that recorded no surface (a plain tool list, or a snapshot written before resources and
 * prompts were recorded) is not compared: absence there means "unknown", not "none".
 */
import type { PromptArgument, PromptDefinition, ResourceDefinition, ResourceTemplateDefinition, ServerSurface } from '../types.ts';
import { sameJson } from './effective.ts';
import { nameWords } from './structural.ts';
import type { Side } from './sides.ts';
import type { Delta, SurfaceDeltaKind } from './types.ts';

/** Fields compared by dedicated code; any other field of a record is compared whole. */
const PROMPT_KNOWN = new Set(['name', 'arguments']);
/** `size` describes the content, not the interface: a file that grew is not a change of the server. */
const RESOURCE_KNOWN = new Set(['uri', 'uriTemplate', 'size']);

/** True when the side recorded resources, prompts or capabilities at all. */
export function recordsSurface(surface: ServerSurface | undefined): surface is ServerSurface {
  return surface !== undefined && (surface.capabilities !== undefined || surface.prompts !== undefined || surface.resources !== undefined || surface.resourceTemplates !== undefined);
}

export function diffSurface(o: ServerSurface | undefined, n: ServerSurface | undefined, server?: string): Delta[] {
  if (!recordsSurface(o) || !recordsSurface(n)) return [];
  const at = server ? { server } : {};
  const out: Delta[] = [
    ...diffPrompts(o.prompts ?? [], n.prompts ?? [], at),
    ...diffResources(o.resources ?? [], n.resources ?? [], 'resource', at),
    ...diffResources(o.resourceTemplates ?? [], n.resourceTemplates ?? [], 'template', at),
    ...diffCapabilities(o.capabilities ?? {}, n.capabilities ?? {}, at),
  ];
  if ((o.instructions ?? '') !== (n.instructions ?? '')) out.push({ kind: 'instructions-changed', tool: 'instructions', ...at, path: 'instructions', keyword: 'instructions', before: o.instructions, after: n.instructions });
  return out.sort((a, b) => a.tool.localeCompare(b.tool) || a.path.localeCompare(b.path));
}

/** The surfaces of two sides, paired as their tool groups are (one group each: paired whatever their names). */
export function diffSideSurfaces(old: Side, next: Side): Delta[] {
  if (old.groups.size === 1 && next.groups.size === 1) {
    const [o, n] = [[...old.groups.keys()][0], [...next.groups.keys()][0]];
    return diffSurface(old.surfaces?.get(o), next.surfaces?.get(n));
  }
  const names = [...new Set([...old.groups.keys(), ...next.groups.keys()])].sort();
  return names.flatMap((server) => diffSurface(old.surfaces?.get(server), next.surfaces?.get(server), server));
}

type At = { server?: string };
const delta = (kind: SurfaceDeltaKind, tool: string, at: At, rest: Partial<Delta> = {}): Delta => ({ kind, tool, ...at, path: '', ...rest });

function diffPrompts(oldList: readonly PromptDefinition[], newList: readonly PromptDefinition[], at: At): Delta[] {
  const oldByName = new Map(oldList.map((p) => [p.name, p]));
  const newByName = new Map(newList.map((p) => [p.name, p]));
  const removed = oldList.filter((p) => !newByName.has(p.name));
  const added = newList.filter((p) => !oldByName.has(p.name));
  const out: Delta[] = [];
  // `simple_prompt` -> `simple-prompt`: one removed and one added prompt with the same name words.
  const addedByWords = new Map<string, PromptDefinition[]>();
  for (const p of added) addedByWords.set(nameWords(p.name), [...(addedByWords.get(nameWords(p.name)) ?? []), p]);
  const renamedNew = new Set<string>();
  for (const p of removed) {
    const words = nameWords(p.name);
    const matches = addedByWords.get(words) ?? [];
    const sameWordsRemoved = removed.filter((r) => nameWords(r.name) === words);
    if (matches.length === 1 && sameWordsRemoved.length === 1) {
      const next = matches[0];
      renamedNew.add(next.name);
      out.push(delta('prompt-renamed', `prompt:${next.name}`, at, { path: 'name', before: p.name, after: next.name, basis: 'the same name words in another spelling' }));
      out.push(...diffPrompt(p, next, at));
      continue;
    }
    out.push(delta('prompt-removed', `prompt:${p.name}`, at, { path: '(prompt)', before: p }));
  }
  for (const p of added) if (!renamedNew.has(p.name)) out.push(delta('prompt-added', `prompt:${p.name}`, at, { path: '(prompt)', after: p }));
  for (const p of oldList) {
    const next = newByName.get(p.name);
    if (next) out.push(...diffPrompt(p, next, at));
  }
  return out;
}

function diffPrompt(o: PromptDefinition, n: PromptDefinition, at: At): Delta[] {
  const tool = `prompt:${n.name}`;
  const out: Delta[] = diffFields(o as unknown as Record<string, unknown>, n as unknown as Record<string, unknown>, PROMPT_KNOWN).map((k) =>
    delta('prompt-field', tool, at, { path: k, keyword: k, before: (o as unknown as Record<string, unknown>)[k], after: (n as unknown as Record<string, unknown>)[k] }),
  );
  const oldArgs = new Map((o.arguments ?? []).map((a) => [a.name, a]));
  const newArgs = new Map((n.arguments ?? []).map((a) => [a.name, a]));
  for (const [name, a] of oldArgs) if (!newArgs.has(name)) out.push(delta('prompt-argument-removed', tool, at, { path: `arguments.${name}`, param: name, before: a }));
  for (const [name, a] of newArgs) {
    const old = oldArgs.get(name);
    if (!old) {
      out.push(delta('prompt-argument-added', tool, at, { path: `arguments.${name}`, param: name, after: a }));
      continue;
    }
    if (required(old) !== required(a)) out.push(delta('prompt-argument-required', tool, at, { path: `arguments.${name}.required`, param: name, keyword: 'required', before: required(old), after: required(a) }));
    for (const k of diffFields(old as unknown as Record<string, unknown>, a as unknown as Record<string, unknown>, new Set(['name', 'required']))) {
      out.push(delta('prompt-field', tool, at, { path: `arguments.${name}.${k}`, param: name, keyword: k, before: (old as unknown as Record<string, unknown>)[k], after: (a as unknown as Record<string, unknown>)[k] }));
    }
  }
  return out;
}

/** MCP: an absent `required` means optional. */
const required = (a: PromptArgument): boolean => a.required === true;

type Resourceish = ResourceDefinition | ResourceTemplateDefinition;
const keyOf = (r: Resourceish): string => ('uriTemplate' in r ? r.uriTemplate : r.uri);

function diffResources(oldList: readonly Resourceish[], newList: readonly Resourceish[], kind: 'resource' | 'template', at: At): Delta[] {
  const oldByKey = new Map(oldList.map((r) => [keyOf(r), r]));
  const newByKey = new Map(newList.map((r) => [keyOf(r), r]));
  const out: Delta[] = [];
  for (const [key, r] of oldByKey) {
    const next = newByKey.get(key);
    if (!next) {
      out.push(delta('resource-removed', `${kind}:${key}`, at, { path: `(${kind})`, before: r }));
      continue;
    }
    const [a, b] = [r as unknown as Record<string, unknown>, next as unknown as Record<string, unknown>];
    for (const k of diffFields(a, b, RESOURCE_KNOWN)) out.push(delta('resource-field', `${kind}:${key}`, at, { path: k, keyword: k, before: a[k], after: b[k] }));
  }
  for (const [key, r] of newByKey) if (!oldByKey.has(key)) out.push(delta('resource-added', `${kind}:${key}`, at, { path: `(${kind})`, after: r }));
  return out;
}

/** The keys whose values differ, sorted, leaving out the ones compared elsewhere. */
function diffFields(o: Record<string, unknown>, n: Record<string, unknown>, known: ReadonlySet<string>): string[] {
  return [...new Set([...Object.keys(o), ...Object.keys(n)])].filter((k) => !known.has(k) && !sameJson(o[k], n[k])).sort();
}

/**
 * Capabilities as dotted paths of what they declare: `{resources: {subscribe: true}}` gives
 * `resources` and `resources.subscribe`. A flag set to false declares nothing.
 */
export function capabilityPaths(capabilities: Record<string, unknown>, prefix = ''): string[] {
  const out: string[] = [];
  for (const [key, value] of Object.entries(capabilities)) {
    if (value === false || value === undefined || value === null) continue;
    const path = prefix ? `${prefix}.${key}` : key;
    out.push(path);
    if (typeof value === 'object' && !Array.isArray(value)) out.push(...capabilityPaths(value as Record<string, unknown>, path));
  }
  return out;
}

function diffCapabilities(o: Record<string, unknown>, n: Record<string, unknown>, at: At): Delta[] {
  const [before, after] = [new Set(capabilityPaths(o)), new Set(capabilityPaths(n))];
  const out: Delta[] = [];
  // Report only the top of a removed or added branch: `tasks` gone, not each of its flags too. A key may
  // hold dots itself (`extensions.io.modelcontextprotocol/tasks`), so the branch is any other path it extends.
  const top = (path: string, set: Set<string>): boolean => ![...set].some((other) => other !== path && path.startsWith(`${other}.`));
  const removed = [...before].filter((p) => !after.has(p));
  const added = [...after].filter((p) => !before.has(p));
  for (const p of removed) if (top(p, new Set(removed))) out.push(delta('capability-removed', 'capabilities', at, { path: `capabilities.${p}`, keyword: p }));
  for (const p of added) if (top(p, new Set(added))) out.push(delta('capability-added', 'capabilities', at, { path: `capabilities.${p}`, keyword: p }));
  return out;
}
