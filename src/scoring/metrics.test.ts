import { describe, expect, it } from 'vitest';
import type { Attempt, CaseResult, Expectation } from '../types.ts';
import { summarise, wilsonInterval } from './metrics.ts';

function result(id: string, expected: Expectation, choices: Array<string | null | undefined>, passes: boolean[]): CaseResult {
  const attempts: Attempt[] = choices.map((chosen, i) => ({
    state: chosen === undefined ? 'errored' : passes[i] ? 'passed' : 'failed',
    ...(chosen === undefined ? {} : { chosen }),
    reason: '',
    latencyMs: 10,
  }));
  const passed = attempts.filter((a) => a.state === 'passed').length;
  const state = passed === attempts.length ? 'passed' : attempts.some((a) => a.state === 'errored') ? 'errored' : 'failed';
  return { id, suite: 's', query: id, expected, state, pass: state === 'passed', chosen: choices[0], reason: '', attempts, passRate: passed / attempts.length };
}

describe('metrics', () => {
  it('computes the Wilson interval (known values)', () => {
    const { low, high } = wilsonInterval(8, 10);
    expect(low).toBeCloseTo(0.4902, 3);
    expect(high).toBeCloseTo(0.9433, 3);
    expect(wilsonInterval(0, 0)).toEqual({ low: 0, high: 1 });
  });

  it('matches the published Wilson (score, no correction) examples of Newcombe 1998, Stat Med 17:857, Table II method 3', () => {
    const published: Array<[number, number, number, number]> = [
      [81, 263, 0.2553, 0.3662],
      [15, 148, 0.0624, 0.1605],
      [0, 20, 0, 0.1611],
      [1, 29, 0.0061, 0.1718],
    ];
    for (const [k, n, low, high] of published) {
      const i = wilsonInterval(k, n);
      expect(i.low).toBeCloseTo(low, 4);
      expect(i.high).toBeCloseTo(high, 4);
    }
  });

  it('folds cases into accuracy, per-tool P/R/F1, confusion, no-tool accuracy and pass@k / pass^k', () => {
    const cases = [
      result('a', { tool: 'search' }, ['search', 'search'], [true, true]),
      result('b', { tool: 'search' }, ['get', 'search'], [false, true]),
      result('c', { tool: 'get' }, ['get', 'get'], [true, true]),
      result('d', { tool: null }, [null, 'search'], [true, false]),
      result('e', { tool: ['get', 'search'] }, ['search', undefined], [true, false]),
    ];
    const s = summarise(cases);
    expect(s.cases).toBe(5);
    expect(s.passed).toBe(2);
    expect(s.errored).toBe(1);
    expect(s.attempts).toBe(10);
    expect(s.attemptsPassed).toBe(7);
    expect(s.accuracy).toBeCloseTo(0.7);
    expect(s.repeat).toBe(2);
    expect(s.passAtK).toBeCloseTo(1);
    expect(s.passHatK).toBeCloseTo(0.4);
    expect(s.noToolAccuracy).toBeCloseTo(0.5);
    expect(s.confusion).toEqual({
      search: { search: 4, get: 1 },
      get: { get: 2, '(error)': 1 },
      '(none)': { '(none)': 1, search: 1 },
    });
    const search = s.perTool.find((t) => t.tool === 'search')!;
    // Case e accepts either tool: its search attempt counts for search, its errored attempt against get.
    expect([search.truePositives, search.falsePositives, search.falseNegatives]).toEqual([4, 1, 1]);
    expect(search.precision).toBeCloseTo(0.8);
    expect(search.recall).toBeCloseTo(0.8);
    const get = s.perTool.find((t) => t.tool === 'get')!;
    expect([get.truePositives, get.falsePositives, get.falseNegatives]).toEqual([2, 1, 1]);
    expect(get.f1).toBeCloseTo(2 / 3);
  });
});
