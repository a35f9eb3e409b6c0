/**
 * The release gate: fails on any change at or above `--fail-on` that the baseline does not accept,
 * on an A/B that regressed or could not tell (unless accepted), and on a stale baseline entry.
 */
import type { AbResult, BaselineIssue, Change, FailOn, Level } from './types.ts';

const REACHES: Record<FailOn, ReadonlySet<Level>> = {
  breaking: new Set(['breaking']),
  retest: new Set(['breaking', 'retest']),
  info: new Set(['breaking', 'retest', 'safe']),
};

export function failingChanges(changes: readonly Change[], failOn: FailOn): Change[] {
  return changes.filter((c) => !c.accepted && REACHES[failOn].has(c.level));
}

export function gateDiff(changes: readonly Change[], ab: readonly AbResult[], failOn: FailOn, baselineIssues: readonly BaselineIssue[] = []): { pass: boolean; reasons: string[] } {
  const reasons: string[] = [];
  const failing = failingChanges(changes, failOn);
  if (failing.length > 0) {
    const byLevel = (l: Level) => failing.filter((c) => c.level === l).length;
    const parts = (['breaking', 'retest', 'safe'] as const).filter((l) => byLevel(l) > 0).map((l) => `${byLevel(l)} ${l}`);
    reasons.push(`${parts.join(', ')} change(s) reach --fail-on ${failOn}`);
  }
  for (const r of ab) {
    if (r.accepted) continue;
    if (r.verdict === 'regressed') {
      reasons.push(`A/B ${r.suite}: selection regressed by more than ${pct(r.margin)}, ${pct(r.oldAccuracy)} -> ${pct(r.newAccuracy)} (difference ${signed(r.difference)}, interval ${signed(r.interval.low)} to ${signed(r.interval.high)}); ${r.worse} query(ies) flipped to fail`);
    } else if (r.verdict === 'not enough data') {
      reasons.push(
        `A/B ${r.suite}: not enough data to rule out a drop of ${pct(r.margin)} (${r.queries} queries, ${r.sequential ? `${r.sequential.calls} of ${r.sequential.budget} calls, ` : ''}interval ${signed(r.interval.low)} to ${signed(r.interval.high)}); ${r.sequential?.deterministic ? 'the model is deterministic, so repeats cannot help: add queries' : 'raise --budget (see --plan) or add queries'}, or accept "${r.suite}:ab-not-enough-data" in the baseline`,
      );
    }
  }
  for (const issue of baselineIssues) if (issue.problem === 'stale') reasons.push(issue.message);
  return { pass: reasons.length === 0, reasons };
}

export const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
export const signed = (x: number): string => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)} pts`;
