/**
 * The starter cases `toolvet init` drafts from the tools themselves, every one marked `draft: true`
 * for the user to review: positive cases from the example phrases in a tool's description (the quoted
 * requests after "e.g.", "for example", "such as"), a near miss that must pick the tool over its
 * closest sibling, and no-tool cases. A case whose query names its own tool tests nothing and is
 * dropped, as is a repeated query.
 */
import type { ToolDefinition } from '../types.ts';

export interface DraftCase {
  id: string;
  query: string;
  expect: { tool: string | null; notTools?: string[] };
  tags: string[];
  draft: true;
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

function words(text: string): Set<string> {
  return new Set(text.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 3));
}

/** The sibling (another tool of the same server) whose description shares the most words with this one's. */
export function closestSibling(tool: ToolDefinition, tools: readonly ToolDefinition[]): string | undefined {
  const mine = words(`${tool.name} ${tool.description ?? ''}`);
  let best: { name: string; shared: number } | undefined;
  for (const other of tools) {
    if (other.name === tool.name || other.server !== tool.server) continue;
    const shared = [...words(`${other.name} ${other.description ?? ''}`)].filter((w) => mine.has(w)).length;
    if (!best || shared > best.shared) best = { name: other.name, shared };
  }
  return best?.name;
}

export const NO_TOOL_QUERIES: readonly string[] = ["Thanks, that's all for now.", 'What is 17 times 3?'];

export type AddOutcome = 'kept' | 'empty' | 'repeats a case' | 'names its tool';

/** Keeps a case only when its query is new and does not name the tool it expects. */
export function addCase(cases: DraftCase[], candidate: DraftCase): AddOutcome {
  if (!normalise(candidate.query)) return 'empty';
  if (cases.some((c) => normalise(c.query) === normalise(candidate.query))) return 'repeats a case';
  if (candidate.expect.tool !== null && namesTool(candidate.query, candidate.expect.tool)) return 'names its tool';
  cases.push(candidate);
  return 'kept';
}

/** Drafted cases for one server's tools; `missing` lists the tools without a usable example phrase. */
export function draftCases(tools: readonly ToolDefinition[]): { cases: DraftCase[]; missing: string[] } {
  const cases: DraftCase[] = [];
  const missing: string[] = [];
  for (const tool of tools) {
    const phrases = examplePhrases(tool.description ?? '');
    const sibling = closestSibling(tool, tools);
    let kept = 0;
    for (const query of phrases) {
      if (kept >= 2) break;
      // The second kept phrase is the near miss: the model must pick this tool over its closest sibling.
      const nearMiss = kept === 1 && sibling !== undefined;
      const candidate: DraftCase = {
        id: `${tool.name}-${nearMiss ? 'near-miss' : `positive-${kept + 1}`}`,
        query,
        expect: nearMiss ? { tool: tool.name, notTools: [sibling] } : { tool: tool.name },
        tags: [nearMiss ? 'near-miss' : 'positive'],
        draft: true,
      };
      if (addCase(cases, candidate) === 'kept') kept += 1;
    }
    if (kept === 0) missing.push(tool.name);
  }
  NO_TOOL_QUERIES.forEach((query, i) => addCase(cases, { id: `no-tool-${i + 1}`, query, expect: { tool: null }, tags: ['no-tool'], draft: true }));
  return { cases, missing };
}
