/**
 * Which words a rewording may add to a description (docs/improve.md, "Words a rewording may add").
 * Words are compared as the mock and the lint compare them: lowercased, Porter-stemmed, stop words
 * left out (models/text/tokenize.ts `terms`).
 *
 * - A tool's *definition words*: the stems of its name, title, the part of its description outside
 *   its "Do NOT use for" clauses, its parameter names and descriptions, and its string enum values.
 * - Another tool T *owns* a word when the word is among T's definition words, or in a train request
 *   that expects T. (Held-out requests are never read here: they judge the edit, they do not shape it.)
 * - An edit of tool E's description may not add, outside its "Do NOT use for" clauses, a word another
 *   tool owns, unless E's definition already held it before the edit. Words inside a "Do NOT use for"
 *   clause are exempt: naming another tool's requests there is what such a clause is for.
 * - The words of the sentences improve writes around added words (FRAME_WORDS) are exempt.
 * - Nor may it add a name taken from a train request: a word written with a capital letter in the
 *   middle of a request (a person, a place, a product: "Nakamura", "Berlin") that E's definition does
 *   not hold. A name identifies one request, not a kind of request.
 */
import { splitDescription } from '../models/text/clauses.ts';
import { terms, tokensWithOffsets, words } from '../models/text/tokenize.ts';
import type { CaseResult, ToolDefinition } from '../types.ts';

/** A train request as the rule reads it: its id, text and expected tool(s). */
export type TrainRequest = Pick<CaseResult, 'id' | 'query' | 'expected'>;

/** One word an edit may not add, and why. */
export interface ForbiddenWord {
  /** The edited tool. */
  tool: string;
  /** The word as the edit wrote it. */
  word: string;
  /** Whose word it is: `description of T`, `train request of T` or `name in train request ID`. */
  owner: string;
}

/** The stems of a tool's definition (name, title, positive description, parameter names, descriptions and enum values). */
export function definitionWords(tool: ToolDefinition): Set<string> {
  const title = typeof tool.title === 'string' ? tool.title : typeof tool.annotations?.title === 'string' ? tool.annotations.title : '';
  const properties = (tool.inputSchema.properties ?? {}) as Record<string, { description?: unknown; enum?: unknown }>;
  const parts = [tool.name, title, splitDescription(tool.description ?? '').positive];
  for (const [name, schema] of Object.entries(properties)) {
    parts.push(name);
    if (typeof schema?.description === 'string') parts.push(schema.description);
    if (Array.isArray(schema?.enum)) parts.push(...schema.enum.filter((v): v is string => typeof v === 'string'));
  }
  return new Set(terms(parts.join(' ')));
}

const expectsTool = (c: TrainRequest, tool: string): boolean => (Array.isArray(c.expected.tool) ? c.expected.tool.includes(tool) : c.expected.tool === tool);

/** The stems of the proper names in a request: capitalised words, not its first, not after a sentence end or a quote. */
function namesIn(query: string): string[] {
  return tokensWithOffsets(query)
    .filter((t, i) => i > 0 && !!t.term && /^\p{Lu}\p{Ll}/u.test(t.raw) && !/[.!?:"'“‘(]$/.test(query.slice(0, t.start).trimEnd()))
    .flatMap((t) => terms(t.raw));
}

/**
 * The words of the sentences improve writes around the words it adds ("Use it when the user asks
 * about ...", "Also for requests that say ...", "It finds them by ...", "Call it when the user
 * mentions ..."): they name no kind of request, so any description may hold them.
 */
export const FRAME_WORDS: ReadonlySet<string> = new Set(terms('use it when the user asks about also for requests that say it finds them by call mentions'));

/**
 * The words `edited` may not take: stem -> owner, for every stem another tool owns or a train request
 * names, that `edited`'s current definition does not hold.
 */
export function forbiddenWords(tools: readonly ToolDefinition[], train: readonly TrainRequest[], edited: string): Map<string, string> {
  const self = tools.find((t) => t.name === edited);
  const holds = self ? definitionWords(self) : new Set<string>();
  const out = new Map<string, string>();
  const claim = (stem: string, owner: string): void => {
    if (!holds.has(stem) && !out.has(stem)) out.set(stem, owner);
  };
  for (const t of tools) if (t.name !== edited) for (const s of definitionWords(t)) claim(s, `description of ${t.name}`);
  for (const c of train) {
    for (const t of tools) if (t.name !== edited && expectsTool(c, t.name)) for (const s of terms(c.query)) claim(s, `train request of ${t.name}`);
  }
  for (const c of train) for (const n of namesIn(c.query)) claim(n, `name in train request ${c.id}`);
  return out;
}

/**
 * The forbidden words each changed description adds (`before` -> `after`), outside its "Do NOT use
 * for" clauses; empty when the edit adds none.
 */
export function forbiddenWordsAdded(before: readonly ToolDefinition[], after: readonly ToolDefinition[], train: readonly TrainRequest[]): ForbiddenWord[] {
  const found: ForbiddenWord[] = [];
  for (const next of after) {
    const prev = before.find((t) => t.name === next.name);
    if (!prev || prev.description === next.description) continue;
    const had = new Set(terms(splitDescription(prev.description ?? '').positive));
    const forbidden = forbiddenWords(before, train, next.name);
    const seen = new Set<string>();
    for (const word of words(splitDescription(next.description ?? '').positive)) {
      const [stem] = terms(word);
      if (!stem || had.has(stem) || seen.has(stem) || FRAME_WORDS.has(stem) || !forbidden.has(stem)) continue;
      seen.add(stem);
      found.push({ tool: next.name, word, owner: forbidden.get(stem)! });
    }
  }
  return found;
}

/** `word (owner)` list for a refusal reason. */
export function describeForbidden(words: readonly ForbiddenWord[]): string {
  return words.map((w) => `${w.tool}: "${w.word}" (${w.owner})`).join(', ');
}

/** Whether a word (or phrase) may go into `edited`'s description: none of its stems is forbidden (the candidates' own filter). */
export function allowedWords(tools: readonly ToolDefinition[], train: readonly TrainRequest[], edited: string): (word: string) => boolean {
  const forbidden = forbiddenWords(tools, train, edited);
  return (word) => terms(word).every((stem) => FRAME_WORDS.has(stem) || !forbidden.has(stem));
}
