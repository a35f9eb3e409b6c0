import { describe, expect, it } from 'vitest';
import type { BenchTaskResult } from '../report/model.ts';
import { changedArguments, compareToBaseline, loadWarning, type Baseline } from './baseline.ts';
import { foldRounds } from './rounds.ts';

const task = (rounds: number[], extra: Partial<BenchTaskResult> = {}): BenchTaskResult => ({ server: 's', task: 't', kind: 'tools-call', state: 'completed', ...foldRounds(rounds.map((r) => [r])), flagged: false, ...extra });
const baseline = (rounds: number[] | undefined, extra: Record<string, unknown> = {}): Baseline => ({
  file: 'b.json',
  tasks: [{ server: 's', task: 't', state: 'completed', meanMs: 10, p50Ms: 10, rme: 1, samples: 50, ...(rounds ? { roundMediansMs: rounds } : {}), ...extra }],
});

describe('compareToBaseline', () => {
  const base = [20, 21, 22, 21, 20.5];
  it.each([
    // [now rounds, change, why]
    [[20.5, 21, 21.5, 22, 20], 'same', 'unchanged'],
    [[40, 41, 42, 40.5, 43], 'slower', '2x, every round slower than every baseline round'],
    [[28, 30, 27, 29, 28.5], 'slower', '1.35x, past the 1.2x minimum and outside the noise'],
    [[23, 23.5, 24, 22.5, 23], 'same', '1.1x: under the minimum effect although every round is slower'],
    [[40, 41, 21.5, 42, 43], 'noisy', '2x median, but one round overlaps the baseline'],
    [[10, 10.5, 11, 10, 10.2], 'faster', 'half the time, outside the noise'],
  ])('%j vs %j -> %s (%s)', (now, change) => {
    const [result] = compareToBaseline([task(now)], baseline(base), 1.2, 1);
    expect(result.change).toBe(change);
    expect(result.flagged).toBe(change === 'slower');
    expect(result.ratio).toBeCloseTo(task(now).roundMediansMs!.sort((a, b) => a - b)[2] / 21);
    expect(result.baseline).toMatchObject({ medianMs: 21, roundMediansMs: base });
  });

  it('never flags a change smaller than the minimum effect in ms, whatever the ratio', () => {
    const [small] = compareToBaseline([task([0.9, 0.95, 1, 0.9, 0.92])], baseline([0.3, 0.31, 0.32, 0.3, 0.3]), 1.2, 1);
    expect(small).toMatchObject({ change: 'same', flagged: false });
    const [flagged] = compareToBaseline([task([0.9, 0.95, 1, 0.9, 0.92])], baseline([0.3, 0.31, 0.32, 0.3, 0.3]), 1.2, 0.5);
    expect(flagged).toMatchObject({ change: 'slower', flagged: true });
  });

  it('reads an older baseline without rounds as one round at its median, and says the noise is from this run only', () => {
    const [result] = compareToBaseline([task([40, 41, 42, 40.5, 43])], baseline(undefined, { p50Ms: 20 }), 1.2, 1);
    expect(result).toMatchObject({ change: 'slower', baseline: { medianMs: 20, roundMediansMs: [20] } });
  });

  it('leaves tasks the baseline lacks, or did not complete, without a ratio', () => {
    const other: Baseline = { file: 'b.json', tasks: [{ server: 's', task: 'other', state: 'completed', meanMs: 1, rme: 1 }, { server: 's', task: 't', state: 'errored' }] };
    const [result] = compareToBaseline([task([10, 10, 10])], other, 1.2);
    expect(result.ratio).toBeUndefined();
    expect(result.flagged).toBe(false);
  });
});

describe('changedArguments', () => {
  it('names the calls whose arguments differ from the baseline', () => {
    expect(changedArguments([task([1], { args: { q: 'a' } })], baseline([1], { args: { q: 'b' } }))).toEqual(['s t']);
    expect(changedArguments([task([1], { args: { q: 'a' } })], baseline([1], { args: { q: 'a' } }))).toEqual([]);
  });
});

describe('loadWarning', () => {
  it.each([
    [0.2, 0.6, undefined, 'a little busier: 1.33x the share'],
    [0.1, 1.1, /0\.10 for the baseline and 1\.10 now/, 'two CPU hogs on a quiet 2-core machine'],
    [3.3, 3.8, undefined, 'a busy machine a bit busier'],
    [1.5, 0.2, /1\.50 for the baseline and 0\.20 now/, 'quieter now'],
  ])('baseline %d, now %d per CPU', (then, now, expected) => {
    const warning = loadWarning({ file: 'b', tasks: [], loadPerCpu: then, cpus: 2 }, now, 2);
    if (expected === undefined) expect(warning).toBeUndefined();
    else expect(warning).toMatch(expected);
  });

  it('speaks up on another number of CPUs, and says nothing without a recorded load', () => {
    expect(loadWarning({ file: 'b', tasks: [], loadPerCpu: 0.2, cpus: 8 }, 0.2, 2)).toMatch(/8 CPUs and this run on 2/);
    expect(loadWarning({ file: 'b', tasks: [] }, 5, 2)).toBeUndefined();
  });
});

describe('foldRounds', () => {
  it('keeps each round median and the statistics of all samples', () => {
    const stats = foldRounds([
      [1, 2, 3],
      [10, 20, 30],
    ]);
    expect(stats.roundMediansMs).toEqual([2, 20]);
    expect(stats.samples).toBe(6);
    expect(stats.meanMs).toBeCloseTo(11);
    expect(stats.p50Ms).toBeCloseTo(6.5);
  });
});
