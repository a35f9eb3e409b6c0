/**
 * The held-out evidence of one rewording, and the one decision `toolvet improve` makes on it.
 * Both sides answer the same held-out queries; the paired table and Newcombe's interval for the
 * difference in accuracy (diff/ab.ts `compareRuns`, diff/paired-stats.ts) take the queries as a
 * sample of the requests users write, counted as trials.ts says. A rewording is accepted only when
 * that interval excludes zero, no held-out case of a tool it changed goes from pass to fail, and no
 * other tool's case (train or held-out) loses passes.
 */
import { compareRuns, DEFAULT_AB_MARGIN } from '../diff/ab.ts';
import { signature } from '../diff/ab-sequential.ts';
import { mcnemarExactP, newcombePairedInterval, type PairedCounts } from '../diff/paired-stats.ts';
import type { Interval } from '../report/result-core.ts';
import { wilsonInterval } from '../scoring/metrics.ts';
import { expectedTools } from '../scoring/score-attempt.ts';
import type { CaseResult, SelectionCase } from '../types.ts';
import { countingObserved, smallestProvableGain, type Counting } from './trials.ts';

export interface Accuracy {
  accuracy: number;
  interval: Interval;
}

export interface HeldOutEvidence {
  /** What the interval counts: each query once, or each repeat as a trial (trials.ts), and why. */
  counted: Counting & { queries: number; units: number };
  before: Accuracy;
  after: Accuracy;
  difference: number;
  /** Newcombe's 95% paired interval for after minus before. */
  interval: Interval;
  mcnemarP: number;
  /** Counted units that went fail -> pass, and pass -> fail. */
  better: number;
  worse: number;
  /** Held-out queries whose majority outcome flipped, as `id: fail->pass` or `id: pass->fail`. */
  flipped: string[];
  /** Held-out cases of a changed tool that passed before and fail after. */
  ownRegressed: string[];
}

/** Why a candidate was not applied: a stable id per kind of reason. */
export type RefusalRule =
  | 'lint-error'
  | 'forbidden-words'
  | 'no-train-gain'
  | 'not-cross-fitted'
  | 'not-kept'
  | 'interval-includes-zero'
  | 'own-case-regressed'
  | 'other-case-regressed'
  | 'superseded';

const expects = (c: { expect: SelectionCase['expect'] }, tools: readonly string[]): boolean => expectedTools(c as SelectionCase).some((t) => tools.includes(t));
const errored = (r: CaseResult): boolean => r.attempts.some((a) => a.state === 'errored');
const varies = (r: CaseResult): boolean => new Set(r.attempts.map(signature)).size > 1;

/** Pass/fail of every repeat, paired repeat by repeat (for a model counted by trials). */
function trialTable(cases: readonly SelectionCase[], before: Map<string, CaseResult>, after: Map<string, CaseResult>): PairedCounts {
  const t: PairedCounts = { both: 0, oldOnly: 0, newOnly: 0, neither: 0 };
  for (const c of cases) {
    const [o, n] = [before.get(c.id), after.get(c.id)];
    if (!o || !n || errored(o) || errored(n)) continue;
    for (let i = 0; i < Math.min(o.attempts.length, n.attempts.length); i++) {
      const [op, np] = [o.attempts[i].state === 'passed', n.attempts[i].state === 'passed'];
      t[op && np ? 'both' : op ? 'oldOnly' : np ? 'newOnly' : 'neither']++;
    }
  }
  return t;
}

export function heldOutEvidence(cases: readonly SelectionCase[], before: CaseResult[], after: CaseResult[], rule: Counting, changed: readonly string[], model: string): HeldOutEvidence {
  const byQuery = compareRuns({ name: 'held-out', cases: [...cases] }, before, after, { model, repeat: rule.repeats, margin: DEFAULT_AB_MARGIN });
  const [olds, news] = [new Map(before.map((r) => [r.id, r])), new Map(after.map((r) => [r.id, r]))];
  const counting = countingObserved(rule, [...olds.values(), ...news.values()].some(varies));
  const table: PairedCounts =
    counting.unit === 'trial'
      ? trialTable(cases, olds, news)
      : { both: 0, oldOnly: byQuery.worse, newOnly: byQuery.better, neither: 0 };
  if (counting.unit === 'query') {
    const oldPasses = Math.round(byQuery.oldAccuracy * byQuery.queries);
    table.both = oldPasses - byQuery.worse;
    table.neither = byQuery.queries - table.both - table.oldOnly - table.newOnly;
  }
  const units = table.both + table.oldOnly + table.newOnly + table.neither;
  const acc = (passes: number): Accuracy => ({ accuracy: units ? passes / units : 0, interval: wilsonInterval(passes, units) });
  const ownRegressed = byQuery.flipped.filter((f) => f.direction === 'pass->fail' && expects(cases.find((c) => c.id === f.id)!, changed)).map((f) => f.id);
  return {
    counted: { ...counting, queries: byQuery.queries, units },
    before: acc(table.both + table.oldOnly),
    after: acc(table.both + table.newOnly),
    difference: units ? (table.newOnly - table.oldOnly) / units : 0,
    interval: counting.unit === 'query' ? byQuery.interval : newcombePairedInterval(table),
    mcnemarP: counting.unit === 'query' ? byQuery.mcnemarP : mcnemarExactP(table.oldOnly, table.newOnly),
    better: table.newOnly,
    worse: table.oldOnly,
    flipped: byQuery.flipped.map((f) => `${f.id}: ${f.direction}`),
    ownRegressed,
  };
}

const signed = (x: number): string => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)} points`;

/** The interval in words, with what it counts. */
export function intervalText(e: HeldOutEvidence): string {
  const what = e.counted.unit === 'trial' ? `${e.counted.units} trials (${e.counted.queries} queries x ${e.counted.repeats} repeats)` : `${e.counted.queries} held-out queries, each counted once`;
  return `${signed(e.difference)}, Newcombe 95% ${signed(e.interval.low)} to ${signed(e.interval.high)} over ${what}`;
}

/** The decision: accepted, or refused with the rule and the reason in words. */
export function heldOutDecision(e: HeldOutEvidence, otherDrops: readonly string[]): { accepted: true } | { accepted: false; rule: RefusalRule; reason: string } {
  if (e.interval.low <= 0) {
    return { accepted: false, rule: 'interval-includes-zero', reason: `held-out interval includes zero (${intervalText(e)}): no change is not excluded` };
  }
  if (e.ownRegressed.length) return { accepted: false, rule: 'own-case-regressed', reason: `a held-out case of the edited tool passed before and fails after: ${e.ownRegressed.join(', ')}` };
  if (otherDrops.length) return { accepted: false, rule: 'other-case-regressed', reason: `another tool's case lost passes: ${otherDrops.join(', ')}` };
  return { accepted: true };
}

/** A held-out case that fails because the right tool got wrong arguments: no wording of the description fixes it. */
export function argumentFailure(r: CaseResult): boolean {
  if (r.pass) return false;
  const wanted = Array.isArray(r.expected.tool) ? r.expected.tool : typeof r.expected.tool === 'string' ? [r.expected.tool] : [];
  const failed = r.attempts.filter((a) => a.state === 'failed');
  return failed.length > 0 && failed.every((a) => typeof a.chosen === 'string' && wanted.includes(a.chosen) && !!a.argCheck && (a.argCheck.schemaValid === false || a.argCheck.matches === false));
}

export interface HeldOutPower {
  queries: number;
  /** Units counted (queries, or trials for a model counted by trials). */
  units: number;
  counted: Counting;
  /** The smallest gain whose interval could exclude zero (none lost, most favourable arrangement); null: none could. */
  smallestGain: { units: number; points: number } | null;
  /** Held-out queries failing before any edit; those failing on arguments (right tool, wrong arguments); the rest. */
  failing: number;
  argumentFailures: number;
  fixable: number;
  /** True when no rewording could show a gain whose interval excludes zero. */
  tooSmall: boolean;
  statement: string;
}

/** What the held-out set can prove at all, from the current descriptions' held-out results. */
export function heldOutPower(results: readonly CaseResult[], rule: Counting): HeldOutPower {
  const usable = results.filter((r) => !errored(r));
  const counted = countingObserved(rule, usable.some(varies));
  const units = counted.unit === 'trial' ? usable.reduce((n, r) => n + r.attempts.length, 0) : usable.length;
  const smallestGain = smallestProvableGain(units);
  const failing = usable.filter((r) => !r.pass).length;
  const argumentFailures = usable.filter(argumentFailure).length;
  const fixable = failing - argumentFailures;
  const fixableUnits = counted.unit === 'trial' ? fixable * counted.repeats : fixable;
  const tooSmall = !smallestGain || fixableUnits < smallestGain.units;
  const unitWord = counted.unit === 'trial' ? 'trials' : 'queries';
  const need = smallestGain
    ? `a rewording must turn at least ${smallestGain.units} of the ${units} counted ${unitWord} from fail to pass with none going the other way (${signed(smallestGain.points)}) before its interval can exclude zero`
    : `no gain on ${units} counted ${unitWord} can exclude zero`;
  const fails = `${failing} fail now, ${argumentFailures} of them on arguments (right tool, wrong arguments), which no wording of a description can fix`;
  const statement = tooSmall
    ? `the held-out set is too small to prove anything: ${need}; ${fails}, so at most ${fixable} can be gained. Add held-out queries (or --split lower)`
    : `${need}; ${fails}`;
  return { queries: usable.length, units, counted, smallestGain, failing, argumentFailures, fixable, tooSmall, statement };
}
