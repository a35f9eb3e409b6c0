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

  /** The exact tail with integers: 2 * sum C(m, i) for i <= k, over 2^m, to 17 significant digits. */
  function exactByBigInt(oldOnly: number, newOnly: number): number {
    const m = BigInt(oldOnly + newOnly);
    const k = BigInt(Math.min(oldOnly, newOnly));
    let c = 1n;
    let tail = 0n;
    for (let i = 0n; i <= k; i++) {
      tail += c;
      c = (c * (m - i)) / (i + 1n);
    }
    const num = 2n * tail;
    const den = 1n << m;
    if (num >= den) return 1;
    // Scale so the quotient keeps 20 digits, then divide in floating point by a power of ten.
    const shift = den.toString().length - num.toString().length + 20;
    return Number((num * 10n ** BigInt(shift)) / den) / 10 ** 20 / 10 ** (shift - 20);
  }

  it('matches exact binomial tails past 1,075 discordant pairs (where 0.5^m underflows)', () => {
    // [oldOnly, newOnly, p]: p from scipy.stats.binomtest(k, m, 0.5) 1.17, checked against Python's exact fractions.
    const table: Array<[number, number, number]> = [
      [500, 600, 0.0028195449914364275],
      [530, 570, 0.23962354804230854],
      [540, 560, 0.5667514479580453],
      [1000, 1100, 0.030720707864242296],
      [4900, 5100, 0.04658552770494739],
      [100, 1000, 2.3274498138259826e-187],
    ];
    for (const [a, b, p] of table) {
      expect(mcnemarExactP(a, b) / p).toBeCloseTo(1, 10);
      expect(mcnemarExactP(b, a) / p).toBeCloseTo(1, 10);
      expect(mcnemarExactP(a, b) / exactByBigInt(a, b)).toBeCloseTo(1, 10);
    }
    expect(mcnemarExactP(5000, 5000)).toBe(1);
  });

  it('is exact near the smallest doubles and 0 only where the true value underflows', () => {
    // 2 * 0.5^1074 = 2^-1073: representable (subnormal), so not 0.
    expect(mcnemarExactP(0, 1074)).toBe(2 ** -1073);
    expect(mcnemarExactP(0, 1100)).toBe(0); // 2^-1099 is below the smallest double
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

  it('matches the published Cavo et al. example (Fagerland, Lydersen & Laake, ch. 8): -0.1186 to -0.0046', () => {
    // Table [[59, 6], [16, 80]]; estimate -0.0621. Values as printed by the book's R package (contingencytables, test-ch8.R).
    const i = newcombePairedInterval({ both: 59, newOnly: 6, oldOnly: 16, neither: 80 });
    expect(i.low).toBeCloseTo(-0.1186, 4);
    expect(i.high).toBeCloseTo(-0.0046, 4);
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
