/**
 * The wording of judge figures, once for every report (console, Markdown): rates with their Wilson
 * interval, kappa with its interval or why it is undefined, the calibration line beside a judged
 * result ("uncalibrated" without one), and the judge's cost. Imports nothing heavy: renderers use it.
 */
import type { Interval } from '../report/result-core.ts';
import type { JudgeCalibrationSummary, JudgeCost, KappaEstimate, RateWithInterval } from './judge-types.ts';

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
const span = (i: Interval, f: (x: number) => string): string => `${f(i.low)} to ${f(i.high)}`;

export function rateText(r: RateWithInterval): string {
  if (r.value === null) return 'n/a (no cases)';
  return `${pct(r.value)} (${r.successes}/${r.trials}; 95% Wilson ${span(r.interval, pct)})`;
}

export function kappaText(k: KappaEstimate): string {
  if (k.value === null || k.interval === null) return `undefined (${k.undefinedReason ?? 'no cases'})`;
  return `${k.value.toFixed(2)} (95% asymptotic ${span(k.interval, (x) => x.toFixed(2))})`;
}

/** The short tag in a "judged by" column: the judge's kappa, or that it is uncalibrated. */
export function judgeTag(summary: JudgeCalibrationSummary | undefined): string {
  if (!summary) return 'llm, uncalibrated';
  return summary.kappa.value === null ? 'llm, kappa undefined' : `llm, kappa ${summary.kappa.value.toFixed(2)}`;
}

/**
 * The line beside a judged result. `judgeId`: the judge that judged it; a calibration of another
 * judge is shown with that said, since its figures do not carry over.
 */
export function calibrationLine(summary: JudgeCalibrationSummary | undefined, judgeId?: string): string {
  if (!summary) return 'judge uncalibrated (no --judge-calibration): its verdicts have no measured agreement with human labels';
  const other = judgeId !== undefined && judgeId !== summary.judge ? `; calibrated for ${summary.judge}, not this judge (${judgeId})` : '';
  const errors = summary.judgeErrors > 0 ? `, ${summary.judgeErrors} judge error(s) left out` : '';
  return `judge calibration: agreement ${rateText(summary.agreement)}, kappa ${kappaText(summary.kappa)}, false pass rate ${rateText(summary.falsePassRate)} on ${summary.judged} labelled answers${errors} (${summary.labels})${other}`;
}

/** One line: calls, tokens, time and price of the judge, said to be apart from the agent's. */
export function judgeCostText(cost: JudgeCost): string {
  const price = cost.cost === null ? 'no price for the judge (--prices)' : `$${cost.cost.toFixed(6)} at ${cost.priceKey}'s price`;
  return `judge cost (apart from any agent's): ${cost.calls} call(s), ${cost.promptTokens} prompt + ${cost.completionTokens} completion tokens, ${(cost.latencyMs / 1000).toFixed(1)} s, ${price}`;
}
