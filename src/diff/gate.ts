/**
 * The release gate, and the one place that decides what fails: a change at or above `--fail-on`
 * that the baseline does not accept, an A/B that regressed or could not tell (unless accepted), and a
 * stale baseline entry. The gate stamps each change and A/B result with `failing`; JUnit, HTML, the
 * diff text, Markdown and the GitHub reporter read that stamp instead of deciding again.
 */
import type { AbResult, BaselineIssue, Change, FailOn, GatedAbResult, GatedChange, Level, VersionCheck } from './types.ts';

const REACHES: Record<FailOn, ReadonlySet<Level>> = {
  breaking: new Set(['breaking']),
  retest: new Set(['breaking', 'retest']),
  info: new Set(['breaking', 'retest', 'safe']),
};

/** Whether one change fails the gate at `failOn`. */
export const changeFails = (c: Change, failOn: FailOn): boolean => !c.accepted && REACHES[failOn].has(c.level);

/** Whether one A/B result fails the gate: it regressed or could not rule out a drop, and no baseline entry accepts it. */
export const abFails = (r: AbResult): boolean => !r.accepted && (r.verdict === 'regressed' || r.verdict === 'not enough data');

export interface DiffGate {
  /** Copies of the changes and A/B results, each stamped with `failing`. */
  changes: GatedChange[];
  ab: GatedAbResult[];
  gate: { pass: boolean; reasons: string[] };
}

/** Under `--require-semver`, a breaking change ships when its server's version bump covers it. */
const bumpCovers = (c: Change, versions: readonly VersionCheck[]): boolean => c.level === 'breaking' && versions.some((v) => v.server === c.server && v.pass);

/**
 * `versions` are given only under `--require-semver`: each check that does not pass is a reason, and a
 * breaking change whose server made the bump it needs no longer fails (that is what the bump is for).
 */
export function gateDiff(changes: readonly Change[], ab: readonly AbResult[], failOn: FailOn, baselineIssues: readonly BaselineIssue[] = [], versions: readonly VersionCheck[] = []): DiffGate {
  const stamped = changes.map((c) => ({ ...c, failing: changeFails(c, failOn) && !bumpCovers(c, versions) }));
  const stampedAb = ab.map((r) => ({ ...r, failing: abFails(r) }));
  const reasons: string[] = [];
  const failing = stamped.filter((c) => c.failing);
  if (failing.length > 0) {
    const byLevel = (l: Level) => failing.filter((c) => c.level === l).length;
    const parts = (['breaking', 'retest', 'safe'] as const).filter((l) => byLevel(l) > 0).map((l) => `${byLevel(l)} ${l}`);
    reasons.push(`${parts.join(', ')} change(s) reach --fail-on ${failOn}`);
  }
  for (const r of stampedAb.filter((x) => x.failing)) {
    if (r.verdict === 'regressed') {
      reasons.push(`A/B ${r.suite}: selection regressed by more than ${pct(r.margin)}, ${pct(r.oldAccuracy)} -> ${pct(r.newAccuracy)} (difference ${signed(r.difference)}, interval ${signed(r.interval.low)} to ${signed(r.interval.high)}); ${r.worse} query(ies) flipped to fail`);
    } else {
      reasons.push(
        `A/B ${r.suite}: not enough data to rule out a drop of ${pct(r.margin)} (${r.queries} queries, ${r.sequential ? `${r.sequential.calls} of ${r.sequential.budget} calls, ` : ''}interval ${signed(r.interval.low)} to ${signed(r.interval.high)}); ${r.sequential?.deterministic ? 'the model is deterministic, so repeats cannot help: add queries' : 'raise --budget (see --plan) or add queries'}, or accept "${r.suite}:ab-not-enough-data" in the baseline`,
      );
    }
  }
  for (const issue of baselineIssues) if (issue.problem === 'stale') reasons.push(issue.message);
  for (const v of versions) if (!v.pass) reasons.push(`--require-semver: ${v.message}`);
  return { changes: stamped, ab: stampedAb, gate: { pass: reasons.length === 0, reasons } };
}

export const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
export const signed = (x: number): string => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)} pts`;
