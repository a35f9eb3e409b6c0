/**
 * Agreement, Cohen's kappa and the false pass rate, pinned on tables computed by hand, and the kappa
 * interval on SAS PROC FREQ's published example (two dermatologists, 4 categories).
 */
import { describe, expect, it } from 'vitest';
import { agreementStats, cohensKappa, tableOf } from './agreement.ts';

describe('agreementStats on hand-computed tables', () => {
  it('a 40-case table: agreement 32/40, kappa 45/77, false pass 5/17', () => {
    // judge pass/human pass 20, judge pass/human fail 5, judge fail/human pass 3, both fail 12.
    // po = 32/40 = 0.8; judge pass 25/40, human pass 23/40; pe = 0.625*0.575 + 0.375*0.425 = 0.51875;
    // kappa = (0.8 - 0.51875) / (1 - 0.51875) = 0.28125 / 0.48125 = 45/77.
    const stats = agreementStats({ bothPass: 20, judgePassHumanFail: 5, judgeFailHumanPass: 3, bothFail: 12 });
    expect(stats.agreement).toMatchObject({ value: 0.8, successes: 32, trials: 40, method: 'wilson' });
    expect(stats.kappa.value).toBeCloseTo(45 / 77, 12);
    expect(stats.falsePassRate).toMatchObject({ successes: 5, trials: 17 });
    expect(stats.falsePassRate.value).toBeCloseTo(5 / 17, 12);
    // The Wilson interval of 32/40 (z = 1.96), by hand: centre 0.84802/1.09604 = 0.77371, half-width
    // 1.96 * sqrt(0.004 + 0.00060025) / 1.09604 = 0.12129.
    expect(stats.agreement.interval.low).toBeCloseTo(0.6524, 4);
    expect(stats.agreement.interval.high).toBeCloseTo(0.8950, 4);
    expect(stats.kappa.interval!.low).toBeLessThan(stats.kappa.value!);
    expect(stats.kappa.interval!.high).toBeGreaterThan(stats.kappa.value!);
  });

  it('perfect agreement: kappa 1 with a zero-width interval; perfect disagreement: kappa -1', () => {
    const perfect = agreementStats({ bothPass: 6, judgePassHumanFail: 0, judgeFailHumanPass: 0, bothFail: 4 });
    expect(perfect.kappa.value).toBe(1);
    expect(perfect.kappa.interval).toEqual({ low: 1, high: 1 });
    expect(perfect.agreement.value).toBe(1);
    expect(perfect.falsePassRate).toMatchObject({ value: 0, successes: 0, trials: 4 });
    const opposite = agreementStats({ bothPass: 0, judgePassHumanFail: 5, judgeFailHumanPass: 5, bothFail: 0 });
    // po = 0, pe = 0.5*0.5 + 0.5*0.5 = 0.5, kappa = -0.5/0.5 = -1.
    expect(opposite.kappa.value).toBe(-1);
    expect(opposite.agreement.value).toBe(0);
    expect(opposite.falsePassRate.value).toBe(1);
  });

  it('both raters say pass to everything: kappa is undefined, said so, never NaN', () => {
    const stats = agreementStats({ bothPass: 12, judgePassHumanFail: 0, judgeFailHumanPass: 0, bothFail: 0 });
    expect(stats.kappa.value).toBeNull();
    expect(stats.kappa.interval).toBeNull();
    expect(stats.kappa.undefinedReason).toMatch(/same one verdict/);
    expect(stats.agreement.value).toBe(1);
    // No case the human failed: the false pass rate has nothing to count.
    expect(stats.falsePassRate).toMatchObject({ value: null, trials: 0, interval: { low: 0, high: 1 } });
    expect(JSON.stringify(stats)).not.toMatch(/NaN|null,"interval":\{"low":null/);
  });

  it('only the humans are all one class: kappa is defined (0 here), not undefined', () => {
    // Human pass on all 10; judge pass 8. po = 0.8, pe = 0.8*1 + 0.2*0 = 0.8, kappa = 0.
    const stats = agreementStats({ bothPass: 8, judgePassHumanFail: 0, judgeFailHumanPass: 2, bothFail: 0 });
    expect(stats.kappa.value).toBe(0);
    expect(stats.falsePassRate.value).toBeNull();
  });

  it('no judged cases: nothing is defined, and says so', () => {
    const stats = agreementStats({ bothPass: 0, judgePassHumanFail: 0, judgeFailHumanPass: 0, bothFail: 0 });
    expect(stats.agreement.value).toBeNull();
    expect(stats.kappa).toMatchObject({ value: null, undefinedReason: 'no judged cases' });
  });
});

describe('cohensKappa', () => {
  it("matches SAS PROC FREQ's published example: kappa 0.3449, 95% interval 0.2030 to 0.4868", () => {
    // SAS/STAT User's Guide, PROC FREQ, "Getting started: agreement study" (SkinCondition, Derm1 x Derm2).
    const k = cohensKappa([
      [10, 4, 1, 0],
      [5, 10, 12, 2],
      [2, 4, 12, 5],
      [0, 2, 6, 13],
    ]);
    expect(k.value).toBeCloseTo(0.3449, 4);
    expect(k.interval!.low).toBeCloseTo(0.203, 3);
    expect(k.interval!.high).toBeCloseTo(0.4868, 3);
  });
});

describe('tableOf', () => {
  it('counts each pair in its cell and leaves judge errors out', () => {
    expect(
      tableOf([
        { judge: 'pass', human: 'pass' },
        { judge: 'pass', human: 'fail' },
        { judge: 'fail', human: 'pass' },
        { judge: 'fail', human: 'fail' },
        { judge: 'fail', human: 'fail' },
        { judge: 'error', human: 'pass' },
      ]),
    ).toEqual({ bothPass: 1, judgePassHumanFail: 1, judgeFailHumanPass: 1, bothFail: 2 });
  });
});
