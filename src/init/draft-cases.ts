/**
 * The starter cases `toolvet init` drafts from the tools themselves, every one marked `draft: true`
 * for the user to review, deterministically:
 * - positive: the example requests a description quotes ("e.g. 'find papers on coral bleaching'"),
 *   then requests made from the tool's action and parameters (draft-positive.ts), several phrasings;
 * - near miss: the job of the tool's closest sibling (the tool sharing the most description words),
 *   asked in the words the two share: it expects the sibling and names the tool in `notTools`;
 * - no tool: requests near the server's domain that no tool serves (draft-no-tool.ts).
 * A case whose query names its own tool tests nothing and is dropped, as is a repeated query.
 */
import type { ToolDefinition } from '../types.ts';
import { SYNONYM_GROUPS } from '../improve/synonyms.ts';
import { noToolRequests } from './draft-no-tool.ts';
import { distinctAction, phrase, positiveRequests } from './draft-positive.ts';
import { toolAction } from './tool-action.ts';

export interface DraftCase {
  id: string;
  query: string;
  expect: { tool: string | null; notTools?: string[] };
  tags: string[];
  draft: true;
}

export interface DraftCounts {
  positive: number;
  nearMiss: number;
  noTool: number;
}

const MARKER = /\be\.g\.|\b(for example|for instance|such as|examples?|like)\b/i;
// An opening quote after a space, bracket or colon, a closing one before punctuation or the end, so the
// apostrophe of "user's" opens nothing.
const QUOTED = /(?<=^|[\s(:,[])(?:'([^'\n]{3,200}?)'|"([^"\n]{3,200}?)"|\u201c([^\u201d\n]{3,200}?)\u201d|\u2018([^\u2019\n]{3,200}?)\u2019)(?=[\s.,;:)\]!?]|$)/g;

/** The example requests quoted in a description, in order: quoted text of two words or more after an example marker in the same sentence. */
export function examplePhrases(description: string): string[] {
  const phrases: string[] = [];
  for (const m of description.matchAll(QUOTED)) {
    const text = (m[1] ?? m[2] ?? m[3] ?? m[4] ?? '').trim();
    if (text.split(/\s+/).length < 2) continue;
    const before = description.slice(Math.max(0, m.index - 160), m.index);
    const sentence = before.split(/(?<!e\.g|i\.e)[.!?]\s/).pop() ?? before;
    if (MARKER.test(sentence)) phrases.push(text);
  }
  return phrases;
}

/** True when the query names the tool (`add_item` also as "add item" or "add-item"). */
export function namesTool(query: string, tool: string): boolean {
  const words = tool.toLowerCase().split(/[_\-.\s]+|(?<=[a-z])(?=[A-Z])/).filter(Boolean);
  const spaced = words.join('[\\s_\\-.]*');
  return new RegExp(`(^|[^a-z0-9])${spaced}($|[^a-z0-9])`, 'i').test(query);
}

const normalise = (query: string): string => query.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();

export type AddOutcome = 'kept' | 'empty' | 'repeats a case' | 'names its tool';

/** Keeps a case only when its query is new and does not name the tool it expects. */
export function addCase(cases: DraftCase[], candidate: DraftCase): AddOutcome {
  if (!normalise(candidate.query)) return 'empty';
  if (cases.some((c) => normalise(c.query) === normalise(candidate.query))) return 'repeats a case';
  if (candidate.expect.tool !== null && namesTool(candidate.query, candidate.expect.tool)) return 'names its tool';
  cases.push(candidate);
  return 'kept';
}

function contentWords(text: string): Set<string> {
  return new Set(text.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 3));
}

/** Description words two tools share (names included). */
export function sharedWords(a: ToolDefinition, b: ToolDefinition): number {
  const mine = contentWords(`${a.name} ${a.description ?? ''}`);
  return [...contentWords(`${b.name} ${b.description ?? ''}`)].filter((w) => mine.has(w)).length;
}

/** The sibling (another tool of the same server) whose description shares the most words with this one's. */
export function closestSibling(tool: ToolDefinition, tools: readonly ToolDefinition[]): string | undefined {
  let best: { name: string; shared: number } | undefined;
  for (const other of tools) {
    if (other.name === tool.name || other.server !== tool.server) continue;
    const shared = sharedWords(tool, other);
    if (!best || shared > best.shared) best = { name: other.name, shared };
  }
  return best?.name;
}

/** True when two verbs are one (or one group of SYNONYM_GROUPS: "find" and "search"). */
function sameVerb(a: string, b: string): boolean {
  return a === b || SYNONYM_GROUPS.some((g) => g.includes(a) && g.includes(b));
}

const DEPRECATED = /\bdeprecated\b/i;

/** A near miss needs a sibling this close: two shared words at least. */
const NEAR = 2;
const PER_TOOL = 3;

export interface Drafts {
  cases: DraftCase[];
  counts: DraftCounts;
  /** Why a kind of draft could not be written (or a tool got no positive), one line each. */
  notes: string[];
}

/** Drafted cases for one server's tools. */
export function draftCases(tools: readonly ToolDefinition[]): Drafts {
  const cases: DraftCase[] = [];
  const counts: DraftCounts = { positive: 0, nearMiss: 0, noTool: 0 };
  const notes: string[] = [];
  const without: string[] = [];
  const naming: string[] = [];
  // A deprecated tool is no request's answer: it gets no draft, and no near miss expects it.
  const deprecated = tools.filter((t) => DEPRECATED.test(t.description ?? '')).map((t) => t.name);
  const current = tools.filter((t) => !deprecated.includes(t.name));
  if (deprecated.length) notes.push(`no draft expects ${deprecated.join(', ')}: the description says deprecated`);
  for (const tool of current) {
    const requests = [...examplePhrases(tool.description ?? '').map((query) => ({ query })), ...positiveRequests(tool, current)];
    let kept = 0;
    for (const r of requests) {
      if (kept >= PER_TOOL) break;
      const candidate: DraftCase = { id: `${tool.name}-positive-${kept + 1}`, query: r.query, expect: { tool: tool.name }, tags: ['positive'], draft: true };
      if (addCase(cases, candidate) === 'kept') kept += 1;
    }
    counts.positive += kept;
    if (kept === 0) (requests.length === 0 ? without : naming).push(tool.name);
  }
  if (without.length) notes.push(`no positive draft for ${without.join(', ')}: the description states no action (a verb and its object) and quotes no example; write their cases by hand`);
  if (naming.length) notes.push(`no positive draft for ${naming.join(', ')}: every request drafted from the description names the tool, which tests nothing; write their cases by hand`);
  let nearPairs = 0;
  for (const tool of tools) {
    const siblingName = closestSibling(tool, current);
    const sibling = current.find((t) => t.name === siblingName);
    if (!sibling || sharedWords(tool, sibling) < NEAR) continue;
    nearPairs += 1;
    const theirs = distinctAction(sibling, current);
    if (!theirs) continue;
    // The sibling's job, with the tool's own verb when the two mean the same, in a phrasing of its own.
    const mine = toolAction(tool)?.verb;
    const action = mine && sameVerb(mine, theirs.verb) ? { ...theirs, verb: mine } : theirs;
    for (const variant of [1, 2, 3]) {
      const r = phrase(action, sibling, variant, 4);
      const candidate: DraftCase = { id: `${sibling.name}-near-miss-${tool.name}`, query: r.query, expect: { tool: sibling.name, notTools: [tool.name] }, tags: ['near-miss'], draft: true };
      if (addCase(cases, candidate) === 'kept') {
        counts.nearMiss += 1;
        break;
      }
    }
  }
  if (counts.nearMiss === 0) {
    notes.push(tools.length < 2 ? 'no near miss: the server has one tool, so no sibling to confuse it with' : nearPairs === 0 ? `no near miss: no two tools share ${NEAR} or more description words` : 'no near miss: the close siblings state no action to ask for');
  }
  const noTool = noToolRequests(tools);
  noTool.queries.forEach((query, i) => {
    if (addCase(cases, { id: `no-tool-${i + 1}`, query, expect: { tool: null }, tags: ['no-tool'], draft: true }) === 'kept') counts.noTool += 1;
  });
  if (counts.noTool === 0) notes.push(`no no-tool draft: a tool could serve every candidate (${noTool.dropped.map((d) => `${JSON.stringify(d.query)}: ${d.reason}`).join('; ')})`);
  return { cases, counts, notes };
}
