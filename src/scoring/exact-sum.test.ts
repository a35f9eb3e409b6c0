import { describe, expect, it } from 'vitest';
import { exactSum, ExactSum } from './exact-sum.ts';

describe('exactSum', () => {
  it.each([
    { values: [], sum: 0 },
    { values: [0.1, 0.2, 0.3], sum: 0.6 },
    { values: [1e100, 1, -1e100], sum: 1 },
    { values: [1, 1e-16, 1e-16], sum: 1.0000000000000002 },
    { values: [Infinity, 1], sum: Infinity },
  ])('$values sums to $sum', ({ values, sum }) => {
    expect(exactSum(values)).toBe(sum);
  });

  it('gives the same bits in any order, where a plain sum does not', () => {
    const values = Array.from({ length: 5000 }, (_, i) => ((i * 7919) % 1000) / 7 + 1e-3 * Math.sin(i));
    const shuffled = [...values].sort((a, b) => Math.sin(a * 1e3) - Math.sin(b * 1e3));
    expect(values.reduce((a, b) => a + b, 0)).not.toBe(shuffled.reduce((a, b) => a + b, 0));
    const a = new ExactSum();
    for (const v of values) a.add(v);
    expect(exactSum(shuffled)).toBe(a.value());
  });
});
