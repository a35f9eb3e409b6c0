/** Paired statistics: exact McNemar by hand, Newcombe's interval by its properties and worked values. */
import { describe, expect, it } from 'vitest';
import { mcnemarExactP, newcombePairedInterval } from './paired-stats.ts';

describe('exact McNemar', () => {
  it('matches hand-computed binomial tails', () => {
    expect(mcnemarExactP(0, 0)).toBe(1);
    expect(mcnemarExactP(6, 0)).toBeCloseTo(2 / 64, 12); // 2 * 0.5^6
    expect(mcnemarExactP(0, 5)).toBeCloseTo(2 / 32, 12);
    expect(mcnemarExactP(7, 1)).toBeCloseTo((2 * (1 + 8)) / 256, 12); // 2 * (C(8,0)+C(8,1)) / 2^8
    expect(mcnemarExactP(3, 3)).toBe(1);
  });
});

describe("Newcombe's paired interval", () => {
  it('is centred on zero and narrow-ish when nothing flips', () => {
    const i = newcombePairedInterval({ both: 30, oldOnly: 0, newOnly: 0, neither: 5 });
    expect(i.low).toBeCloseTo(-i.high, 12);
    expect(i.high).toBeGreaterThan(0);
    expect(i.high).toBeLessThan(0.1);
  });

  it('flips sign when old and new swap', () => {
    const a = newcombePairedInterval({ both: 1, oldOnly: 7, newOnly: 1, neither: 12 });
    const b = newcombePairedInterval({ both: 1, oldOnly: 1, newOnly: 7, neither: 12 });
    expect(a.low).toBeCloseTo(-b.high, 12);
    expect(a.high).toBeCloseTo(-b.low, 12);
  });

  it('contains the observed difference and excludes zero for a clear regression', () => {
    const t = { both: 25, oldOnly: 8, newOnly: 0, neither: 2 };
    const i = newcombePairedInterval(t);
    const d = (t.newOnly - t.oldOnly) / 35;
    expect(i.low).toBeLessThan(d);
    expect(i.high).toBeGreaterThan(d);
    expect(i.high).toBeLessThan(0);
  });

  it('pins the values for the Bentur et al. table (n = 21)', () => {
    // Table [[1, 1], [7, 12]], the worked example of Fagerland, Lydersen & Laake (ch. 8), estimate -0.286.
    // The limits were computed with this module, following their R code's phi correction; they were not
    // checked against the printed book, so this pins behaviour rather than proving it.
    const i = newcombePairedInterval({ both: 1, newOnly: 1, oldOnly: 7, neither: 12 });
    expect(i.low).toBeCloseTo(-0.507, 3);
    expect(i.high).toBeCloseTo(-0.026, 3);
  });

  it('spans [-1, 1] with no data', () => {
    expect(newcombePairedInterval({ both: 0, oldOnly: 0, newOnly: 0, neither: 0 })).toEqual({ low: -1, high: 1 });
  });
});
