/**
 * Deterministic rewordings of one tool's description, from the train cases it failed (the offline
 * candidates of `toolvet improve`):
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
import { vocabularyCandidates } from './vocabulary.ts';
import { allowedWords, definitionWords } from './word-ownership.ts';

import type { Candidate } from './candidate.ts';
export type { Candidate } from './candidate.ts';

/** Request words that say nothing about which tool fits. */
export const FILLER: ReadonlySet<string> = new Set(['show', 'find', 'get', 'give', 'list', 'tell', 'need', 'want', 'please', 'can', 'could', 'would', 'me', 'my', 'i', 'you', 'have', 'do', 'is', 'are', 'any', 'that', 'this', 'for', 'up']);

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

/**
 * `failed`: the target's failed train cases; `train`: every train case (for the words users write for
 * this tool and for no other).
 */
export function proposeCandidates(tools: ToolDefinition[], target: string, failed: readonly CaseResult[], train: readonly CaseResult[] = []): Candidate[] {
  const tool = tools.find((t) => t.name === target);
  if (!tool || failed.length === 0) return [];
  // Only words no other tool owns (word-ownership.ts): a sibling's word or a request's name is never added.
  const allowed = allowedWords(tools, train, target);
  const words = missingWords(failed.map((c) => c.query), tool).filter(allowed);
  const out: Candidate[] = [];
  const base = (tool.description ?? '').trim().replace(/([^.!?])$/, '$1.');
  const vocabulary = userWords(train, target).filter(allowed);
  if (vocabulary.length) {
    out.push({ id: 'user-words', summary: `raised the words users write for it (in two or more of its train requests, in none of another tool's): ${vocabulary.join(', ')}`, tools: withDescription(tools, target, `${base} Use it when the user asks about ${vocabulary.join(', ')}.`) });
  }
  let triggered: ToolDefinition[] | undefined;
  if (words.length) {
    triggered = withDescription(tools, target, `${base} Use it when the user asks about ${words.join(', ')}.`);
    out.push({ id: 'trigger-words', summary: `added the requests' words as triggers: ${words.join(', ')}`, tools: triggered });
  }
  const schemaWords = parameterWords(tool).filter(allowed);
  if (schemaWords.length) {
    const sentence = ` It finds them by ${schemaWords.join(', ')}.`;
    out.push({ id: 'schema-words', summary: `raised its parameters' words into the description: ${schemaWords.join(', ')}`, tools: withDescription(tools, target, `${base}${sentence}`) });
    if (words.length) out.push({ id: 'schema-and-triggers', edits: 2, summary: 'parameter words and trigger words together', tools: withDescription(tools, target, `${base}${sentence} Use it when the user asks about ${words.join(', ')}.`) });
  }
  out.push(...vocabularyCandidates(tools, target, failed, train));
  // Siblings that took the failed requests get an exclusion clause naming the tool.
  const stolen = new Map<string, string[]>();
  // The words of each stolen request that the sibling's own description shares (what drew the request to it).
  const attracting = new Map<string, string[]>();
  for (const c of failed) {
    const by = c.chosen;
    if (typeof by !== 'string' || by === target) continue;
    const sibling = tools.find((t) => t.name === by);
    if (!sibling) continue;
    // Not the sibling's own words: "Do NOT use for bill (use file_expense)" would turn draft_invoice against its own requests.
    const its = definitionWords(sibling);
    stolen.set(by, [...(stolen.get(by) ?? []), ...missingWords([c.query], tool).filter((w) => !(stolen.get(by) ?? []).includes(w) && !terms(w).some((stem) => its.has(stem)))]);
    attracting.set(by, [...(attracting.get(by) ?? []), ...sharedWords(c.query, sibling).filter((w) => !(attracting.get(by) ?? []).includes(w))]);
  }
  if (stolen.size) {
    const exclude = (list: ToolDefinition[], by: Map<string, string[]> = stolen): ToolDefinition[] =>
      list.map((t) => {
        const words = by.get(t.name);
        if (!words?.length) return t;
        const d = (t.description ?? '').trim().replace(/([^.!?])$/, '$1.');
        return { ...t, description: `${d} Do NOT use for ${words.join(', ')} (use ${target}).` };
      });
    out.push({ id: 'exclusions', summary: `added "Do NOT use for" clauses to ${[...stolen.keys()].join(', ')}`, tools: exclude(tools) });
    if (triggered) out.push({ id: 'both', edits: 2, summary: 'trigger words and exclusion clauses together', tools: exclude(triggered) });
    // The siblings' example phrases that share words with the requests they took attract them: drop those examples.
    const removed: string[] = [];
    const unattract = (list: ToolDefinition[]): ToolDefinition[] =>
      list.map((t) => {
        if (!stolen.has(t.name)) return t;
        const taken = new Set(failed.filter((c) => c.chosen === t.name).flatMap((c) => terms(c.query)));
        const edit = withoutExamples(t.description ?? '', (example) => terms(example).some((w) => taken.has(w)));
        if (edit.removed.length) removed.push(...edit.removed.map((e) => `${t.name}: '${e}'`));
        return edit.removed.length ? { ...t, description: edit.description } : t;
      });
    const pruned = unattract(tools);
    if (removed.length) {
      out.push({ id: 'drop-attracting-examples', summary: `removed sibling examples that attract its requests: ${removed.join('; ')}`, tools: pruned });
      out.push({ id: 'drop-examples-and-exclusions', edits: 2, summary: 'attracting examples removed and exclusion clauses added', tools: exclude(unattract(tools)) });
      out.push({ id: 'drop-examples-exclude-attracting', edits: 2, summary: `attracting examples removed; the words that drew the requests excluded: ${[...attracting].map(([k, v]) => `${k}: ${v.join(', ')}`).join('; ')}`, tools: exclude(unattract(tools), attracting) });
      if (triggered) out.push({ id: 'all', edits: 3, summary: 'trigger words, exclusion clauses and attracting examples removed', tools: exclude(unattract(triggered)) });
      if (triggered) out.push({ id: 'all-attracting', edits: 3, summary: 'trigger words, attracting examples removed, the words that drew the requests excluded', tools: exclude(unattract(triggered), attracting) });
    }
  }
  // Every sibling example sharing a word with any failed request (also those no tool took: a sibling's
  // example can hold the request below the call threshold's reach by sharing its words).
  const failedTerms = new Set(failed.flatMap((c) => terms(c.query)));
  const dropped: string[] = [];
  const widely = (list: ToolDefinition[]): ToolDefinition[] =>
    list.map((t) => {
      if (t.name === target) return t;
      const edit = withoutExamples(t.description ?? '', (example) => terms(example).some((w) => failedTerms.has(w)));
      dropped.push(...edit.removed.map((e) => `${t.name}: '${e}'`));
      return edit.removed.length ? { ...t, description: edit.description } : t;
    });
  const wide = widely(tools);
  if (dropped.length) {
    out.push({ id: 'drop-sibling-examples', summary: `removed the siblings' examples that share words with its failed requests: ${dropped.join('; ')}`, tools: wide });
    if (triggered) out.push({ id: 'drop-sibling-examples-and-triggers', edits: 2, summary: "the siblings' examples sharing its failed requests' words removed, trigger words added", tools: widely(triggered) });
  }
  return out;
}

const expectsTool = (c: CaseResult, tool: string): boolean => (Array.isArray(c.expected.tool) ? c.expected.tool.includes(tool) : c.expected.tool === tool);

/**
 * The words users write for this tool and no other: in two or more of its train requests (whatever
 * their outcome) and in none of the train requests expecting something else. Unlike one request's
 * words (names, topics), these recur, so they are the ones likely to occur in held-out requests too.
 */
export function userWords(train: readonly CaseResult[], target: string): string[] {
  const mine = train.filter((c) => expectsTool(c, target));
  const elsewhere = new Set(train.filter((c) => !expectsTool(c, target)).flatMap((c) => terms(c.query)));
  const count = new Map<string, number>();
  const raw = new Map<string, string>();
  for (const c of mine) {
    for (const t of tokensWithOffsets(c.query)) {
      const word = t.raw.toLowerCase();
      if (!t.term || FILLER.has(word) || /^\d/.test(word) || word.length < 3 || elsewhere.has(t.term)) continue;
      if (!raw.has(t.term)) raw.set(t.term, word);
    }
    for (const term of new Set(terms(c.query))) count.set(term, (count.get(term) ?? 0) + 1);
  }
  return [...raw].filter(([term]) => (count.get(term) ?? 0) >= 2).map(([, word]) => word);
}

/** The request's words that the tool's own description (outside its exclusion clauses) shares. */
export function sharedWords(query: string, tool: ToolDefinition): string[] {
  const own = new Set(terms(splitDescription(tool.description ?? '').positive));
  const out: string[] = [];
  for (const t of tokensWithOffsets(query)) {
    const raw = t.raw.toLowerCase();
    if (t.term && own.has(t.term) && !FILLER.has(raw) && !/^\d/.test(raw) && raw.length >= 3 && !out.includes(raw)) out.push(raw);
  }
  return out;
}

/**
 * A description without the quoted examples of its "e.g. '...', '...'" list that `drop` picks (the
 * list itself goes when none is left).
 */
export function withoutExamples(description: string, drop: (example: string) => boolean): { description: string; removed: string[] } {
  const list = /,?\s*e\.g\.\s*((?:'[^']*'(?:,\s*|\s+or\s+)?)+)/.exec(description);
  if (!list) return { description, removed: [] };
  const examples = [...list[1].matchAll(/'([^']*)'/g)].map((m) => m[1]);
  const removed = examples.filter(drop);
  if (!removed.length) return { description, removed };
  const kept = examples.filter((e) => !removed.includes(e));
  const replacement = kept.length ? `${list[0].startsWith(',') ? ',' : ''} e.g. ${kept.map((e) => `'${e}'`).join(', ')}` : '';
  const after = description.slice(list.index + list[0].length);
  return { description: `${description.slice(0, list.index)}${replacement}${after}`.replace(/\s+\./g, '.').replace(/\s{2,}/g, ' '), removed };
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
