/**
 * The statistics of the sequential, paired A/B (docs/statistics.md):
 * - the estimate is the accuracy change on the query set: the mean over queries of each query's
 *   pass rate with the new descriptions minus its pass rate with the old ones (clustered by query:
 *   a query's repeats are one unit, never attempts pooled as if independent across queries);
 * - its variance adds each query's sampling variance, (s²_old + s²_new) / r with the unbiased
 *   sample variances of its r repeats per side, over n²: what repeats measure is the model's
 *   randomness on each query, so a deterministic model's repeats add nothing;
 * - the interval is normal, at the level each look spends: alpha is spent by a Haybittle-Peto
 *   boundary (Haybittle 1971, Peto et al. 1976), z = 3 at every look but the last, which spends the
 *   rest, so the sum over looks stays within alpha (Bonferroni): valid however the looks depend on
 *   each other;
 * - the decision compares the interval with -margin: wholly below, regressed; wholly above,
 *   no detectable change (improved when wholly above 0); across it, not decided yet.
 */
import type { Interval } from '../report/result-core.ts';
import type { AbVerdict } from './types.ts';

export const DEFAULT_AB_ALPHA = 0.05;
/** The z of every look but the last (two-sided alpha 0.0027 each). */
export const EARLY_Z = 3;

/** Per query: passes and attempts on each side (the same number of attempts on both). */
export interface QueryTally {
  oldPasses: number;
  newPasses: number;
  repeats: number;
}

/** Standard normal quantile (Acklam's rational approximation, relative error below 1.2e-9). */
export function normalQuantile(p: number): number {
  if (p <= 0) return -Infinity;
  if (p >= 1) return Infinity;
  const a = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1, 2.506628277459239];
  const b = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1];
  const c = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  }
  if (p > 1 - low) return -normalQuantile(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
}

/** The z of look `k` (1-based) of `looks`: 3 before the last, the rest of alpha at the last. */
export function lookZ(k: number, looks: number, alpha = DEFAULT_AB_ALPHA): number {
  if (k < looks) return EARLY_Z;
  const early = 2 * (1 - normalCdf(EARLY_Z));
  const rest = Math.max(alpha - (looks - 1) * early, alpha / (2 * looks));
  return normalQuantile(1 - rest / 2);
}

/** Standard normal CDF (Abramowitz-Stegun 26.2.17 is enough here: only EARLY_Z's tail is needed). */
export function normalCdf(z: number): number {
  const t = 1 / (1 + 0.2316419 * Math.abs(z));
  const poly = t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  const tail = (Math.exp((-z * z) / 2) / Math.sqrt(2 * Math.PI)) * poly;
  return z >= 0 ? 1 - tail : tail;
}

export interface ChangeEstimate {
  difference: number;
  oldAccuracy: number;
  newAccuracy: number;
  /** Standard error of the difference (0 when every query's answers were the same on each side). */
  se: number;
}

export function estimateChange(tallies: readonly QueryTally[]): ChangeEstimate {
  const n = tallies.length;
  if (n === 0) return { difference: 0, oldAccuracy: 0, newAccuracy: 0, se: Infinity };
  let oldSum = 0;
  let newSum = 0;
  let variance = 0;
  for (const t of tallies) {
    const po = t.oldPasses / t.repeats;
    const pn = t.newPasses / t.repeats;
    oldSum += po;
    newSum += pn;
    if (t.repeats > 1) variance += (sampleVariance(po, t.repeats) + sampleVariance(pn, t.repeats)) / t.repeats;
    else variance += 0.5; // one attempt per side says nothing about the spread: the worst case, 0.25 a side
  }
  return { difference: (newSum - oldSum) / n, oldAccuracy: oldSum / n, newAccuracy: newSum / n, se: Math.sqrt(variance) / n };
}

const sampleVariance = (p: number, r: number): number => (p * (1 - p) * r) / (r - 1);

export function intervalAt(estimate: ChangeEstimate, z: number): Interval {
  return { low: Math.max(-1, estimate.difference - z * estimate.se), high: Math.min(1, estimate.difference + z * estimate.se) };
}

/** Where the interval lies against -margin; `undefined` while it straddles it. */
export function decide(interval: Interval, margin: number): AbVerdict | undefined {
  if (interval.high < -margin) return 'regressed';
  if (interval.low > 0) return 'improved';
  if (interval.low > -margin) return 'no detectable change';
  return undefined;
}

export interface AbPlan {
  queries: number;
  budget: number;
  looks: number;
  firstRepeats: number;
  /** Repeats per query per side the budget buys when every query stays uncertain. */
  repeatsBought: number;
  /** The smallest drop detected with 80% power when every answer is a coin flip (the worst noise). */
  detectableDrop: number;
  /** Calls a deterministic model needs: the first round only. */
  deterministicCalls: number;
  zEarly: number;
  zFinal: number;
}

/** The power plan, before any call: what the budget buys and what it can detect. */
export function planAb(queries: number, budget: number, margin: number, options: { looks: number; firstRepeats: number; alpha?: number }): AbPlan {
  const repeatsBought = queries > 0 ? Math.floor(budget / (2 * queries)) : 0;
  const zFinal = lookZ(options.looks, options.looks, options.alpha);
  // Worst case: every query's pass rate 1/2 on both sides, so each repeat adds 0.5 / r to the variance sum.
  const se = repeatsBought > 1 ? Math.sqrt((queries * 0.5) / repeatsBought) / queries : Infinity;
  return {
    queries,
    budget,
    looks: options.looks,
    firstRepeats: options.firstRepeats,
    repeatsBought,
    detectableDrop: Math.min(1, margin + (zFinal + normalQuantile(0.8)) * se),
    deterministicCalls: 2 * queries * options.firstRepeats,
    zEarly: EARLY_Z,
    zFinal,
  };
}

export function planText(plan: AbPlan, suite: string, margin: number): string {
  const pp = (x: number): string => `${(x * 100).toFixed(1)} points`;
  return [
    `A/B plan for ${suite}: ${plan.queries} queries on both sides, budget ${plan.budget} model calls, up to ${plan.looks} looks`,
    `  first look: ${plan.firstRepeats} repeats of every query (${plan.deterministicCalls} calls); a deterministic model stops there`,
    `  the budget buys ${plan.repeatsBought} repeats per query and side if every query stays uncertain`,
    `  at the worst noise (every answer a coin flip) it detects a drop of ${pp(plan.detectableDrop)} with 80% power (margin ${pp(margin)}; z ${plan.zEarly} at early looks, ${plan.zFinal.toFixed(2)} at the last)`,
  ].join('\n');
}
