/**
 * Deterministic rewordings of one tool's description, from the train cases it failed (the offline
 * candidates of `toolproof improve`):
 * - `trigger-words`: the words users wrote in the failed requests, added as a "Use it when the user
 *   asks about ..." sentence (stop words, the tool's own words and request filler left out);
 * - `exclusions`: each sibling that took a failed request gets a "Do NOT use for ... (use TOOL)."
 *   clause with those words;
 * - `both`: the two together;
 * - `schema-words`: the words of the tool's own parameters (their descriptions and enum values),
 *   which requests name without the tool's words ("newest", "thesis", "author"), raised into the
 *   description as one sentence; with `trigger-words` too as `schema-and-triggers`.
 */
import { splitDescription } from '../models/text/clauses.ts';
import { terms, tokensWithOffsets } from '../models/text/tokenize.ts';
import type { CaseResult, ToolDefinition } from '../types.ts';

export interface Candidate {
  id: string;
  /** What the edit did, in words. */
  summary: string;
  tools: ToolDefinition[];
}

const FILLER = new Set(['show', 'find', 'get', 'give', 'list', 'tell', 'need', 'want', 'please', 'can', 'could', 'would', 'me', 'my', 'i', 'you', 'have', 'do', 'is', 'are', 'any', 'that', 'this', 'for', 'up']);

/** The request words a description lacks, in the order written (raw words, lowercased, deduplicated). */
export function missingWords(queries: readonly string[], tool: ToolDefinition): string[] {
  const own = new Set(terms(`${tool.name.replace(/[_-]/g, ' ')} ${splitDescription(tool.description ?? '').positive}`));
  const out: string[] = [];
  for (const q of queries) {
    for (const t of tokensWithOffsets(q)) {
      const raw = t.raw.toLowerCase();
      if (!t.term || own.has(t.term) || FILLER.has(raw) || /^\d/.test(raw) || raw.length < 3 || out.includes(raw)) continue;
      out.push(raw);
    }
  }
  return out;
}

const withDescription = (tools: ToolDefinition[], name: string, description: string): ToolDefinition[] => tools.map((t) => (t.name === name ? { ...t, description } : t));

export function proposeCandidates(tools: ToolDefinition[], target: string, failed: readonly CaseResult[]): Candidate[] {
  const tool = tools.find((t) => t.name === target);
  if (!tool || failed.length === 0) return [];
  const words = missingWords(failed.map((c) => c.query), tool);
  const out: Candidate[] = [];
  const base = (tool.description ?? '').trim().replace(/([^.!?])$/, '$1.');
  let triggered: ToolDefinition[] | undefined;
  if (words.length) {
    triggered = withDescription(tools, target, `${base} Use it when the user asks about ${words.join(', ')}.`);
    out.push({ id: 'trigger-words', summary: `added the requests' words as triggers: ${words.join(', ')}`, tools: triggered });
  }
  const schemaWords = parameterWords(tool);
  if (schemaWords.length) {
    const sentence = ` It finds them by ${schemaWords.join(', ')}.`;
    out.push({ id: 'schema-words', summary: `raised its parameters' words into the description: ${schemaWords.join(', ')}`, tools: withDescription(tools, target, `${base}${sentence}`) });
    if (words.length) out.push({ id: 'schema-and-triggers', summary: 'parameter words and trigger words together', tools: withDescription(tools, target, `${base}${sentence} Use it when the user asks about ${words.join(', ')}.`) });
  }
  // Siblings that took the failed requests get an exclusion clause naming the tool.
  const stolen = new Map<string, string[]>();
  for (const c of failed) {
    const by = c.chosen;
    if (typeof by !== 'string' || by === target) continue;
    const sibling = tools.find((t) => t.name === by);
    if (!sibling) continue;
    stolen.set(by, [...(stolen.get(by) ?? []), ...missingWords([c.query], tool).filter((w) => !(stolen.get(by) ?? []).includes(w))]);
  }
  if (stolen.size) {
    const exclude = (list: ToolDefinition[]): ToolDefinition[] =>
      list.map((t) => {
        const words = stolen.get(t.name);
        if (!words?.length) return t;
        const d = (t.description ?? '').trim().replace(/([^.!?])$/, '$1.');
        return { ...t, description: `${d} Do NOT use for ${words.join(', ')} (use ${target}).` };
      });
    out.push({ id: 'exclusions', summary: `added "Do NOT use for" clauses to ${[...stolen.keys()].join(', ')}`, tools: exclude(tools) });
    if (triggered) out.push({ id: 'both', summary: 'trigger words and exclusion clauses together', tools: exclude(triggered) });
  }
  return out;
}

/** Words of the parameters' descriptions and enum values the description lacks (enum ids split: year_newest -> year newest). */
export function parameterWords(tool: ToolDefinition): string[] {
  const own = new Set(terms(`${tool.name.replace(/[_-]/g, ' ')} ${splitDescription(tool.description ?? '').positive}`));
  const texts: string[] = [];
  for (const schema of Object.values((tool.inputSchema.properties ?? {}) as Record<string, { description?: unknown; enum?: unknown }>)) {
    if (typeof schema.description === 'string') texts.push(schema.description);
    if (Array.isArray(schema.enum)) texts.push(schema.enum.filter((v): v is string => typeof v === 'string').map((v) => v.replace(/[_-]/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2')).join(' '));
  }
  const out: string[] = [];
  for (const t of tokensWithOffsets(texts.join(' '))) {
    const raw = t.raw.toLowerCase();
    if (!t.term || own.has(t.term) || FILLER.has(raw) || raw.length < 3 || out.includes(raw)) continue;
    out.push(raw);
  }
  return out;
}
