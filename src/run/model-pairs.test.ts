import { describe, expect, it } from 'vitest';
import { mcnemarExactP, newcombePairedInterval } from '../diff/paired-stats.ts';
import type { CaseResult, CaseState } from '../types.ts';
import { compareModels, describePair, recommendModel } from './model-pairs.ts';

/** A case with one attempt in the given state ('passed', 'failed', 'errored'). */
function kase(id: string, state: CaseState, suite = 's'): CaseResult {
  const pass = state === 'passed';
  return { id, suite, query: `q ${id}`, expected: { tool: 't' }, state, pass, chosen: pass ? 't' : null, reason: '', attempts: [{ state, reason: '' }], passRate: pass ? 1 : 0 } as CaseResult;
}

/** n cases per cell of the paired table: both passed, a only, b only, neither. */
function runs(both: number, aOnly: number, bOnly: number, neither: number) {
  const a: CaseResult[] = [];
  const b: CaseResult[] = [];
  let i = 0;
  const add = (n: number, pa: boolean, pb: boolean) => {
    for (let k = 0; k < n; k++, i++) {
      a.push(kase(`c${i}`, pa ? 'passed' : 'failed'));
      b.push(kase(`c${i}`, pb ? 'passed' : 'failed'));
    }
  };
  add(both, true, true);
  add(aOnly, true, false);
  add(bOnly, false, true);
  add(neither, false, false);
  return { a: { model: 'A', cases: a }, b: { model: 'B', cases: b } };
}

describe('compareModels', () => {
  // [both, a only, b only, neither] -> significant, better
  const rows: Array<[number, number, number, number, boolean, string | null]> = [
    [10, 6, 0, 4, true, 'A'], // 6 discordant, all one way: p = 2 / 64 = 0.031
    [10, 5, 0, 5, false, null], // 5 one way: p = 2 / 32 = 0.0625, the data cannot separate them
    [10, 0, 6, 4, true, 'B'],
    [10, 3, 3, 4, false, null],
    [0, 0, 0, 0, false, null],
  ];
  it.each(rows)('both %i, a only %i, b only %i, neither %i: significant %s, better %s', (both, aOnly, bOnly, neither, significant, better) => {
    const { a, b } = runs(both, aOnly, bOnly, neither);
    const pair = compareModels(a, b);
    expect([pair.queries, pair.aOnly, pair.bOnly, pair.significant, pair.better]).toEqual([both + aOnly + bOnly + neither, aOnly, bOnly, significant, better]);
    // The same statistics as the description A/B, "new" being a.
    expect(pair.mcnemarP).toBe(mcnemarExactP(bOnly, aOnly));
    expect(pair.interval).toEqual(newcombePairedInterval({ both, newOnly: aOnly, oldOnly: bOnly, neither }));
    if (pair.queries > 0) expect(pair.difference).toBeCloseTo((aOnly - bOnly) / pair.queries, 12);
  });

  it('leaves out cases either model errored on, and cases only one of them has; the same id in two suites is two cases', () => {
    const a = { model: 'A', cases: [kase('x', 'passed', 's1'), kase('x', 'failed', 's2'), kase('y', 'errored'), kase('only-a', 'passed')] };
    const b = { model: 'B', cases: [kase('x', 'failed', 's1'), kase('x', 'passed', 's2'), kase('y', 'passed'), kase('only-b', 'passed')] };
    const pair = compareModels(a, b);
    expect([pair.queries, pair.excluded, pair.aOnly, pair.bOnly]).toEqual([2, 3, 1, 1]);
  });

  it('describes a significant pair from the winner\'s side and an insignificant one as not different', () => {
    const win = compareModels(runs(10, 0, 8, 2).a, runs(10, 0, 8, 2).b);
    expect(describePair(win)).toMatch(/^B is better than A by 40\.0 points \(90\.0% vs 50\.0%, 95% interval \+\d+\.\d points to \+\d+\.\d points, McNemar p = 0\.0078, significant, 20 cases\)$/);
    const tie = compareModels(runs(10, 2, 1, 7).a, runs(10, 2, 1, 7).b);
    expect(describePair(tie)).toMatch(/^A vs B: not significantly different/);
  });
});

describe('recommendModel', () => {
  it('names the most accurate model when it beats every other, and says when the data cannot separate them', () => {
    const ab = compareModels(runs(10, 8, 0, 2).a, runs(10, 8, 0, 2).b);
    expect(recommendModel([{ model: 'A', accuracy: 0.9 }, { model: 'B', accuracy: 0.5 }], [ab])).toBe('use A: significantly more accurate than the other model on these cases');
    const close = compareModels(runs(10, 2, 0, 8).a, runs(10, 2, 0, 8).b);
    expect(recommendModel([{ model: 'A', accuracy: 0.6 }, { model: 'B', accuracy: 0.5 }], [close])).toBe('the data cannot separate A (most accurate, 60.0%) from B: add cases or --repeat, or choose on cost and latency');
    expect(recommendModel([], [])).toBe('no model ran');
  });
});
