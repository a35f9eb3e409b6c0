/**
 * Metrics that fold case results into the summary: accuracy with a Wilson 95% interval, per-tool
 * precision/recall/F1, no-tool accuracy, argument accuracy, the confusion matrix, pass@k and pass^k.
 */
import { bumpCell, nullRecord } from '../safety/records.ts';
import type { EvalSummary, Interval, ToolStats } from '../report/model.ts';
import type { Attempt, CaseResult } from '../types.ts';

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

export function summarise(cases: readonly CaseResult[]): EvalSummary {
  const scored = cases.filter((c) => c.state !== 'skipped');
  const confusion = nullRecord<Record<string, number>>();
  const tools = new Map<string, { tp: number; fp: number; fn: number; support: number }>();
  const stat = (name: string) => {
    let s = tools.get(name);
    if (!s) tools.set(name, (s = { tp: 0, fp: 0, fn: 0, support: 0 }));
    return s;
  };
  let attempts = 0;
  let attemptsPassed = 0;
  let noTool = 0;
  let noToolPassed = 0;
  let argCalls = 0;
  let argGood = 0;
  let latency = 0;
  for (const c of scored) {
    for (const a of c.attempts) {
      attempts += 1;
      latency += a.latencyMs;
      if (a.state === 'passed') attemptsPassed += 1;
      const exp = expectedLabel(c, a);
      const got = chosenLabel(a);
      bumpCell(confusion, exp, got);
      if (exp === NO_TOOL) {
        noTool += 1;
        if (a.state === 'passed') noToolPassed += 1;
      } else {
        stat(exp).support += 1;
        if (got === exp) stat(exp).tp += 1;
        else stat(exp).fn += 1;
      }
      if (got !== exp && got !== NO_TOOL && got !== NO_ANSWER) stat(got).fp += 1;
      if (a.argCheck && a.chosen) {
        argCalls += 1;
        if (a.argCheck.schemaValid && a.argCheck.matches !== false) argGood += 1;
      }
    }
  }
  const perTool: ToolStats[] = [...tools.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([tool, s]) => {
      const precision = ratio(s.tp, s.tp + s.fp);
      const recall = ratio(s.tp, s.tp + s.fn);
      const f1 = precision === null || recall === null || precision + recall === 0 ? (precision === 0 || recall === 0 ? 0 : null) : (2 * precision * recall) / (precision + recall);
      return { tool, support: s.support, truePositives: s.tp, falsePositives: s.fp, falseNegatives: s.fn, precision, recall, f1 };
    });
  const repeat = scored.reduce((m, c) => Math.max(m, c.attempts.length), 0);
  return {
    cases: cases.length,
    passed: cases.filter((c) => c.state === 'passed').length,
    failed: cases.filter((c) => c.state === 'failed').length,
    errored: cases.filter((c) => c.state === 'errored').length,
    skipped: cases.length - scored.length,
    accuracy: ratio(attemptsPassed, attempts) ?? 0,
    interval: wilsonInterval(attemptsPassed, attempts),
    attempts,
    attemptsPassed,
    repeat,
    passAtK: ratio(scored.filter((c) => c.attempts.some((a) => a.state === 'passed')).length, scored.length) ?? 0,
    passHatK: ratio(scored.filter((c) => c.attempts.length > 0 && c.attempts.every((a) => a.state === 'passed')).length, scored.length) ?? 0,
    noToolAccuracy: ratio(noToolPassed, noTool),
    argAccuracy: ratio(argGood, argCalls),
    perTool,
    confusion,
    meanLatencyMs: attempts === 0 ? 0 : latency / attempts,
  };
}
