/** The A/B's statistics: known quantiles, the alpha spent per look, the per-query variance, the plan. */
import { describe, expect, it } from 'vitest';
import { decide, estimateChange, intervalAt, lookZ, normalCdf, normalQuantile, planAb } from './ab-interval.ts';

describe('A/B interval', () => {
  it('has the textbook normal quantiles and tail', () => {
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 5);
    expect(normalQuantile(0.995)).toBeCloseTo(2.575829, 5);
    expect(normalQuantile(0.8)).toBeCloseTo(0.841621, 5);
    expect(normalQuantile(0.025)).toBeCloseTo(-1.959964, 5);
    expect(2 * (1 - normalCdf(3))).toBeCloseTo(0.0027, 4);
  });

  it('spends alpha Haybittle-Peto style: z 3 before the last look, the rest of 0.05 at the last, never more than 0.05 in all', () => {
    expect(lookZ(1, 4)).toBe(3);
    expect(lookZ(3, 4)).toBe(3);
    const last = lookZ(4, 4);
    const spent = 3 * 2 * (1 - normalCdf(3)) + 2 * (1 - normalCdf(last));
    expect(spent).toBeLessThanOrEqual(0.05 + 1e-9);
    expect(spent).toBeGreaterThan(0.049);
    expect(lookZ(1, 1)).toBeCloseTo(1.96, 2); // one look: the plain 95% interval
  });

  it('clusters by query: pass rates per query, variance from the repeats of each query, none from answers that never varied', () => {
    const steady = estimateChange([
      { oldPasses: 4, newPasses: 4, repeats: 4 },
      { oldPasses: 0, newPasses: 0, repeats: 4 },
      { oldPasses: 4, newPasses: 0, repeats: 4 },
    ]);
    expect(steady).toEqual({ difference: -1 / 3, oldAccuracy: 2 / 3, newAccuracy: 1 / 3, se: 0 });
    // One query at 2/4 on both sides: sample variance 1/3 per side, (1/3 + 1/3) / 4 over n^2 = 1.
    const noisy = estimateChange([{ oldPasses: 2, newPasses: 2, repeats: 4 }]);
    expect(noisy.se).toBeCloseTo(Math.sqrt(2 / 3 / 4), 12);
    // Many repeats of the same query do not pretend to be many queries: the spread is that of one query.
    const many = estimateChange([{ oldPasses: 50, newPasses: 25, repeats: 100 }]);
    expect(many.se).toBeCloseTo(Math.sqrt((0.25 * 100) / 99 / 100 + (0.1875 * 100) / 99 / 100), 12);
  });

  it('decides against -margin', () => {
    const at = (difference: number, se: number) => intervalAt({ difference, se, oldAccuracy: 0, newAccuracy: 0 }, 2);
    expect(decide(at(-0.14, 0.03), 0.05)).toBe('regressed');
    expect(decide(at(0, 0.02), 0.05)).toBe('no detectable change');
    expect(decide(at(0.1, 0.02), 0.05)).toBe('improved');
    expect(decide(at(-0.03, 0.03), 0.05)).toBeUndefined();
  });

  it('plans what the budget buys and the smallest drop it detects at the worst noise', () => {
    const plan = planAb(35, 2000, 0.05, { looks: 4, firstRepeats: 2 });
    expect(plan).toMatchObject({ repeatsBought: 28, deterministicCalls: 140, zEarly: 3 });
    // margin + (z_final + z_0.8) * sqrt(35 * 0.5 / 28) / 35
    expect(plan.detectableDrop).toBeCloseTo(0.05 + (lookZ(4, 4) + 0.841621) * (Math.sqrt(17.5 / 28) / 35), 5);
    expect(planAb(35, 100, 0.05, { looks: 4, firstRepeats: 2 }).detectableDrop).toBe(1); // one repeat a side detects nothing
  });
});
