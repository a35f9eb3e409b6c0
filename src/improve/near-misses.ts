/**
 * The candidate for a description that draws requests it should not take (a skill's near misses, a
 * tool chosen for another tool's request): `exclude-near-misses` adds "Do NOT use for requests about
 * ... (use OTHER)." naming the words of those requests that its description does not hold. The mock
 * (and the conventions: "a skill that triggers wrongly ... fix with a Do NOT use for clause") count
 * such words against it; words it does hold stay out, since a clause cannot take back its own words.
 */
import { splitDescription } from '../models/text/clauses.ts';
import { terms, tokensWithOffsets } from '../models/text/tokenize.ts';
import type { CaseResult, ToolDefinition } from '../types.ts';
import { FILLER, type Candidate } from './candidates.ts';

/** The train cases `target` took although they expect something else (another tool, or none). */
export function takenWrongly(train: readonly CaseResult[], target: string): CaseResult[] {
  const expects = (r: CaseResult): boolean => (Array.isArray(r.expected.tool) ? r.expected.tool.includes(target) : r.expected.tool === target);
  return train.filter((r) => !r.pass && r.chosen === target && !expects(r));
}

export function nearMissCandidates(tools: ToolDefinition[], target: string, wrongly: readonly CaseResult[]): Candidate[] {
  const tool = tools.find((t) => t.name === target);
  if (!tool || wrongly.length === 0) return [];
  const own = new Set(terms(`${tool.name.replace(/[_-]/g, ' ')} ${splitDescription(tool.description ?? '').positive}`));
  const words: string[] = [];
  for (const c of wrongly) {
    for (const t of tokensWithOffsets(c.query)) {
      const raw = t.raw.toLowerCase();
      if (!t.term || own.has(t.term) || FILLER.has(raw) || /^\d/.test(raw) || raw.length < 3 || words.includes(raw)) continue;
      words.push(raw);
    }
  }
  if (!words.length) return [];
  const owners = [...new Set(wrongly.flatMap((c) => (typeof c.expected.tool === 'string' ? [c.expected.tool] : Array.isArray(c.expected.tool) ? c.expected.tool : [])))];
  const base = (tool.description ?? '').trim().replace(/([^.!?])$/, '$1.');
  const clause = ` Do NOT use for requests about ${words.join(', ')}${owners.length ? ` (use ${owners.join(' or ')})` : ''}.`;
  return [{ id: 'exclude-near-misses', summary: `told it the words of the requests it took wrongly: ${words.join(', ')}`, tools: tools.map((t) => (t.name === target ? { ...t, description: `${base}${clause}` } : t)) }];
}
