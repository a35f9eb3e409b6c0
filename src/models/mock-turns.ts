/**
 * How the mock plays a multi-turn request: the request is split into clauses at "then", "and then",
 * "after that", ";", a new sentence, and "and" (never inside quotes); a clause counts only when it
 * selects a tool by itself, otherwise it stays part of the clause before it. The mock calls one tool
 * per clause, one per turn, in order; after the last result it answers in text quoting every result.
 */
import type { ChatMessage } from '../types.ts';
import { clipText } from '../safety/clip.ts';

// Split points: strong ones always split ("then", "after that", ";"); weak ones ("and", a new
// sentence) split only when the two sides call different tools (see toolClauses), since "search for
// X and include the abstracts" is one request.
const SEPARATOR = /\s*(?:,\s*)?(?:\band\s+then\b|\bthen\b|\band\s+after\s+that\b|\bafter\s+that\b|\band\s+also\b|\band\b)\s*|\s*;\s*|(?<=[.!?])\s+(?=[A-Z])/gi;
const QUOTE = /"[^"]*"|'[^']*'|“[^”]*”|‘[^’]*’/g;

export interface Clause {
  text: string;
  /** Joined to the clause before by "and" or a sentence break, not by "then" or ";". */
  weak: boolean;
}

// Every split point holds one of these; a request without any is one clause, found without the scan below.
const MAY_SPLIT = /\band\b|\bthen\b|\bafter\b|;|[.!?]\s/i;
const EDGES = /^[\s,.;]+|[\s,.;]+$/g;
const STRONG = /then|after|;/i;
const NON_WORD = /[^\p{L}\p{N}]+/u;

/** The request's clauses in order (one, the whole text, when nothing splits it). */
export function splitClauses(text: string): Clause[] {
  if (!MAY_SPLIT.test(text)) {
    const whole = text.replace(EDGES, '');
    return [{ text: whole.length > 0 ? whole : text, weak: false }];
  }
  const quoted: Array<[number, number]> = [];
  QUOTE.lastIndex = 0;
  for (let m = QUOTE.exec(text); m !== null; m = QUOTE.exec(text)) quoted.push([m.index, m.index + m[0].length]);
  const inQuote = (at: number): boolean => quoted.some(([from, to]) => at > from && at < to);
  const clauses: Clause[] = [];
  let start = 0;
  let weak = false;
  SEPARATOR.lastIndex = 0;
  for (let m = SEPARATOR.exec(text); m !== null; m = SEPARATOR.exec(text)) {
    if (m[0].length === 0) SEPARATOR.lastIndex += 1; // as matchAll steps past an empty match
    if (m[0].length === 0 || inQuote(m.index)) continue;
    clauses.push({ text: text.slice(start, m.index), weak });
    start = m.index + m[0].length;
    weak = !STRONG.test(m[0]);
  }
  clauses.push({ text: text.slice(start), weak });
  const out = clauses.map((c) => ({ ...c, text: c.text.replace(EDGES, '') })).filter((c) => c.text.length > 0);
  return out.length > 0 ? out : [{ text, weak: false }];
}

/** The clauses with every weak join undone ("X and Y" back to one clause). */
export function strongOnly(clauses: readonly Clause[]): Clause[] {
  const out: Clause[] = [];
  for (const c of clauses) {
    if (c.weak && out.length > 0) out[out.length - 1] = { ...out[out.length - 1], text: `${out[out.length - 1].text} and ${c.text}` };
    else out.push({ ...c });
  }
  return out;
}

const FILLER = new Set(['please', 'also', 'and', 'then', 'can', 'could', 'would', 'will', 'you', 'kindly', 'now', 'finally', 'first', 'next']);

/** The clause's first word that is not a filler ("please", "can you", ...): its verb, in a request. */
export function leadingWord(clause: string): string | undefined {
  return clause
    .toLowerCase()
    .split(NON_WORD)
    .find((w) => w.length > 0 && !FILLER.has(w));
}

/**
 * The clauses that get a call each: a clause that selects no tool stays with the clause before it
 * (the first with the next). A weakly joined clause ("and", a new sentence) gets its own call only
 * when it leads with its tool's action (`leadsWithAction`: "and show me the list" with list_todos,
 * "Show the items ..."), since "search for X and include the abstracts" is one request.
 */
export function toolClauses(
  clauses: readonly Clause[],
  select: (clause: string) => string | undefined,
  leadsWithAction: (clause: string, tool: string) => boolean = () => true,
): string[] {
  const out: Array<{ text: string; tool: string }> = [];
  let pending = '';
  for (const clause of clauses) {
    const tool = select(clause.text);
    const previous = out[out.length - 1];
    if (tool && (!clause.weak || !previous || leadsWithAction(clause.text, tool))) {
      out.push({ text: pending ? `${pending} ${clause.text}` : clause.text, tool });
      pending = '';
    } else if (previous) previous.text = `${previous.text}, ${clause.text}`;
    else pending = pending ? `${pending} ${clause.text}` : clause.text;
  }
  return out.map((c) => c.text);
}

export interface TurnState {
  /** The request (the last user message). */
  request: string;
  /** Tool calls the mock made since that request. */
  callsMade: number;
  /** Each result since the request: the tool that gave it and its text. */
  results: Array<{ tool: string; text: string }>;
}

export function turnState(messages: readonly ChatMessage[]): TurnState {
  let user = -1;
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i].role === 'user') {
      user = i;
      break;
    }
  }
  // A request with nothing after it (every single-turn case): no calls made, no results.
  if (user >= 0 && user === messages.length - 1) return { request: messages[user].content, callsMade: 0, results: [] };
  const after = messages.slice(user + 1);
  const names = new Map<string, string>();
  let callsMade = 0;
  for (const m of after) {
    for (const call of m.toolCalls ?? []) {
      names.set(call.id, call.name);
      callsMade += 1;
    }
  }
  const results = after.filter((m) => m.role === 'tool').map((m) => ({ tool: (m.toolCallId && names.get(m.toolCallId)) || 'the tool', text: m.content }));
  return { request: user >= 0 ? messages[user].content : '', callsMade, results };
}

/** The final answer: every result quoted (each cut at 300 characters). */
export function quoteResults(results: TurnState['results']): string {
  const quote = (text: string): string => clipText(text, 303, { ellipsis: '...' });
  if (results.length === 1) return `The tool returned: ${quote(results[0].text)}`;
  return `Done in ${results.length} steps. ${results.map((r, i) => `${i + 1}. ${r.tool} returned: ${quote(r.text)}`).join(' ')}`;
}
