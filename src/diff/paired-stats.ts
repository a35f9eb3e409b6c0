/**
 * Statistics for two paired proportions (the same queries answered with the old and the new
 * descriptions): Newcombe's interval for the difference (method 10, Newcombe 1998, Stat Med 17:2635),
 * built on Wilson intervals with a continuity-corrected phi, and the exact McNemar test.
 */
import type { Interval } from '../report/result-core.ts';
import { wilsonInterval } from '../scoring/metrics.ts';

/** Counts of a 2x2 paired table: both passed, old only, new only, neither. */
export interface PairedCounts {
  both: number;
  oldOnly: number;
  newOnly: number;
  neither: number;
}

/** 95% interval for p(new) - p(old). */
export function newcombePairedInterval(t: PairedCounts): Interval {
  const n = t.both + t.oldOnly + t.newOnly + t.neither;
  if (n === 0) return { low: -1, high: 1 };
  // Newcombe writes theta = p1 - p2; here p1 is the new side, so a = both, b = newOnly, c = oldOnly, d = neither.
  const [a, b, c, d] = [t.both, t.newOnly, t.oldOnly, t.neither];
  const p1 = (a + b) / n;
  const p2 = (a + c) / n;
  const w1 = wilsonInterval(a + b, n);
  const w2 = wilsonInterval(a + c, n);
  const denom = Math.sqrt((a + b) * (c + d) * (a + c) * (b + d));
  let phi = 0;
  if (denom > 0) {
    const ad = a * d;
    const bc = b * c;
    phi = (ad > bc ? Math.max(ad - bc - n / 2, 0) : ad - bc) / denom;
  }
  const theta = p1 - p2;
  const delta = Math.sqrt(Math.max(0, (p1 - w1.low) ** 2 - 2 * phi * (p1 - w1.low) * (w2.high - p2) + (w2.high - p2) ** 2));
  const epsilon = Math.sqrt(Math.max(0, (w1.high - p1) ** 2 - 2 * phi * (w1.high - p1) * (p2 - w2.low) + (p2 - w2.low) ** 2));
  return { low: Math.max(-1, theta - delta), high: Math.min(1, theta + epsilon) };
}

/**
 * Exact two-sided McNemar p-value: a binomial test of the discordant pairs against 1/2. The tail is
 * summed relative to its largest term (i = k), whose logarithm is built from a sum of logs, so
 * nothing underflows before the end: `0.5 ** m` alone is 0 from m = 1,075 on.
 */
export function mcnemarExactP(oldOnly: number, newOnly: number): number {
  const m = oldOnly + newOnly;
  if (m === 0) return 1;
  const k = Math.min(oldOnly, newOnly);
  if (2 * k >= m) return 1;
  // ln C(m, k) - m ln 2: the log of the largest term of the lower tail.
  let logTop = -m * Math.LN2;
  for (let i = 1; i <= k; i++) logTop += Math.log((m - k + i) / i);
  // Sum the terms from i = k down to 0 as ratios of the top one: term(i-1) / term(i) = i / (m - i + 1).
  let sum = 0;
  let ratio = 1;
  for (let i = k; i >= 0; i--) {
    sum += ratio;
    ratio *= i / (m - i + 1);
    if (ratio < 1e-17 * sum) break;
  }
  return Math.min(1, 2 * Math.exp(logTop + Math.log(sum)));
}
