/**
 * The middle layer: runs every registered check over every delta. A delta may be several kinds of
 * change at once (an enum that lost one value and gained another); a delta no check claims goes to
 * the fallback checks, so every difference is reported.
 */
import { decideByCalls } from './by-calls.ts';
import { CHECKS } from './checks/index.ts';
import type { Change, CheckContext, Delta, DiffCheck, Level } from './types.ts';

const ORDER: Record<Level, number> = { breaking: 0, retest: 1, safe: 2 };

export function classifyDeltas(deltas: readonly Delta[], context: CheckContext, checks: Readonly<Record<string, DiffCheck>> = CHECKS): Change[] {
  const all = Object.values(checks);
  const primary = all.filter((c) => !c.fallback);
  const fallbacks = all.filter((c) => c.fallback);
  const changes: Change[] = [];
  for (const delta of deltas) {
    const found = classifyDelta(delta, primary, context);
    changes.push(...decideByCalls(delta, found.length > 0 ? found : classifyDelta(delta, fallbacks, context).slice(0, 1), checks));
  }
  return sortChanges(withoutExplained(changes));
}

/** A whole-call counterexample only matters when no other breaking input change of the tool explains it. */
function withoutExplained(changes: Change[]): Change[] {
  const key = (c: Change) => `${c.server ?? ''}\u0000${c.tool}`;
  const explained = new Set(changes.filter((c) => c.level === 'breaking' && c.check !== 'old-call-rejected' && c.path.startsWith('inputSchema')).map(key));
  return changes.filter((c) => c.check !== 'old-call-rejected' || !explained.has(key(c)));
}

function classifyDelta(delta: Delta, checks: readonly DiffCheck[], context: CheckContext): Change[] {
  const out: Change[] = [];
  for (const check of checks) {
    if (!check.kinds.includes(delta.kind)) continue;
    const message = check.check(delta, context);
    if (message === null) continue;
    out.push({ tool: delta.tool, ...(delta.server ? { server: delta.server } : {}), check: check.id, level: check.level, path: delta.path, message, ...texts(delta), ...(delta.counterexample ? { counterexample: delta.counterexample } : {}) });
  }
  return out;
}

/** Breaking first, then by server, tool, path and check, so output is stable. */
export function sortChanges(changes: Change[]): Change[] {
  return changes.sort(
    (a, b) =>
      ORDER[a.level] - ORDER[b.level] ||
      (a.server ?? '').localeCompare(b.server ?? '') ||
      a.tool.localeCompare(b.tool) ||
      a.path.localeCompare(b.path) ||
      a.check.localeCompare(b.check),
  );
}

export function countLevels(changes: readonly Change[]): Record<Level, number> {
  const counts: Record<Level, number> = { breaking: 0, retest: 0, safe: 0 };
  for (const c of changes) counts[c.level] += 1;
  return counts;
}

/** Text changes keep both wordings, so reports can show them side by side with the differing words marked. */
function texts(delta: Delta): { before?: string; after?: string } {
  if (typeof delta.before !== 'string' || typeof delta.after !== 'string') return {};
  const text = delta.kind === 'tool-description' || delta.kind === 'tool-title' || (delta.kind === 'keyword' && (delta.keyword === 'description' || delta.keyword === 'title'));
  if (!text) return {};
  return { before: delta.before, after: delta.after };
}
