/**
 * Metrics that fold case results into the summary: accuracy with a Wilson 95% interval, per-tool
 * precision/recall/F1, no-tool accuracy, argument accuracy, the confusion matrix, pass@k and pass^k.
 * `SummaryFold` adds each case as it finishes and keeps only counts (bounded by the number of tools,
 * not of cases); the summary does not depend on the order of the adds (sorted keys, exact sums).
 */
import { bumpCell, nullRecord } from '../safety/records.ts';
import type { EvalSummary, Interval, ToolStats } from '../report/result-core.ts';
import type { Attempt, CaseResult } from '../types.ts';
import { ExactSum } from './exact-sum.ts';
import { compareText } from '../text-order.ts';

export const NO_TOOL = '(none)';
export const NO_ANSWER = '(error)';

/** Wilson score interval for a binomial proportion (z = 1.96 for 95%). */
export function wilsonInterval(successes: number, trials: number, z = 1.96): Interval {
  if (trials === 0) return { low: 0, high: 1 };
  const p = successes / trials;
  const z2 = z * z;
  const centre = (p + z2 / (2 * trials)) / (1 + z2 / trials);
  const half = (z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / (1 + z2 / trials);
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** The expected label of an attempt: the tool it chose when that was acceptable, else the first listed. */
export function expectedLabel(c: CaseResult, attempt: Attempt): string {
  const tool = c.expected.tool;
  if (tool === null) return NO_TOOL;
  const list = Array.isArray(tool) ? tool : [tool];
  return attempt.chosen && list.includes(attempt.chosen) ? attempt.chosen : list[0];
}

export function chosenLabel(attempt: Attempt): string {
  if (attempt.chosen === undefined) return NO_ANSWER;
  return attempt.chosen === null ? NO_TOOL : attempt.chosen;
}

const ratio = (a: number, b: number): number | null => (b === 0 ? null : a / b);

interface ToolCounts {
  tp: number;
  fp: number;
  fn: number;
  support: number;
}

export class SummaryFold {
  private cases = 0;
  private passed = 0;
  private failed = 0;
  private errored = 0;
  private scored = 0;
  private anyPassed = 0;
  private allPassed = 0;
  private repeat = 0;
  private attempts = 0;
  private attemptsPassed = 0;
  private noTool = 0;
  private noToolPassed = 0;
  private argCalls = 0;
  private argGood = 0;
  private readonly latency = new ExactSum();
  private readonly confusion = nullRecord<Record<string, number>>();
  private readonly tools = new Map<string, ToolCounts>();

  add(c: CaseResult): void {
    this.cases += 1;
    if (c.state === 'passed') this.passed += 1;
    else if (c.state === 'failed') this.failed += 1;
    else if (c.state === 'errored') this.errored += 1;
    if (c.state === 'skipped') return;
    this.scored += 1;
    this.repeat = Math.max(this.repeat, c.attempts.length);
    let passedHere = 0;
    for (const a of c.attempts) {
      this.attempts += 1;
      this.latency.add(a.latencyMs);
      if (a.state === 'passed') {
        this.attemptsPassed += 1;
        passedHere += 1;
      }
      const exp = expectedLabel(c, a);
      const got = chosenLabel(a);
      bumpCell(this.confusion, exp, got);
      if (exp === NO_TOOL) {
        this.noTool += 1;
        if (a.state === 'passed') this.noToolPassed += 1;
      } else {
        const s = this.stat(exp);
        s.support += 1;
        if (got === exp) s.tp += 1;
        else s.fn += 1;
      }
      if (got !== exp && got !== NO_TOOL && got !== NO_ANSWER) this.stat(got).fp += 1;
      if (a.argCheck && a.chosen) {
        this.argCalls += 1;
        if (a.argCheck.schemaValid && a.argCheck.matches !== false) this.argGood += 1;
      }
    }
    if (passedHere > 0) this.anyPassed += 1;
    if (c.attempts.length > 0 && passedHere === c.attempts.length) this.allPassed += 1;
  }

  private stat(name: string): ToolCounts {
    let s = this.tools.get(name);
    if (!s) this.tools.set(name, (s = { tp: 0, fp: 0, fn: 0, support: 0 }));
    return s;
  }

  summary(): EvalSummary {
    const perTool: ToolStats[] = [...this.tools.entries()]
      .sort(([a], [b]) => compareText(a, b))
      .map(([tool, s]) => {
        const precision = ratio(s.tp, s.tp + s.fp);
        const recall = ratio(s.tp, s.tp + s.fn);
        const f1 = precision === null || recall === null || precision + recall === 0 ? (precision === 0 || recall === 0 ? 0 : null) : (2 * precision * recall) / (precision + recall);
        return { tool, support: s.support, truePositives: s.tp, falsePositives: s.fp, falseNegatives: s.fn, precision, recall, f1 };
      });
    // Sorted (the order cases finish in varies from run to run), and a copy: the fold may go on.
    const confusion = nullRecord<Record<string, number>>();
    const sorted = (record: object): string[] => Object.keys(record).sort(compareText);
    for (const row of sorted(this.confusion)) for (const column of sorted(this.confusion[row])) bumpCell(confusion, row, column, this.confusion[row][column]);
    return {
      cases: this.cases,
      passed: this.passed,
      failed: this.failed,
      errored: this.errored,
      skipped: this.cases - this.scored,
      accuracy: ratio(this.attemptsPassed, this.attempts) ?? 0,
      interval: wilsonInterval(this.attemptsPassed, this.attempts),
      attempts: this.attempts,
      attemptsPassed: this.attemptsPassed,
      repeat: this.repeat,
      passAtK: ratio(this.anyPassed, this.scored) ?? 0,
      passHatK: ratio(this.allPassed, this.scored) ?? 0,
      noToolAccuracy: ratio(this.noToolPassed, this.noTool),
      argAccuracy: ratio(this.argGood, this.argCalls),
      perTool,
      confusion,
      meanLatencyMs: this.attempts === 0 ? 0 : this.latency.value() / this.attempts,
    };
  }
}

/** The summary of a list of case results (the fold over all of them). */
export function summarise(cases: readonly CaseResult[]): EvalSummary {
  const fold = new SummaryFold();
  for (const c of cases) fold.add(c);
  return fold.summary();
}
