import { describe, expect, it } from 'vitest';
import type { BenchTaskResult } from '../report/model.ts';
import { changedArguments, compareToBaseline, loadWarning, machineRatio, rankTestP, type Baseline } from './baseline.ts';
import { foldRounds } from './rounds.ts';

const task = (rounds: number[], extra: Partial<BenchTaskResult> = {}): BenchTaskResult => ({ server: 's', task: 't', kind: 'tools-call', state: 'completed', ...foldRounds(rounds.map((r) => [r])), flagged: false, ...extra });
const baseline = (rounds: number[] | undefined, extra: Record<string, unknown> = {}): Baseline => ({
  file: 'b.json',
  tasks: [{ server: 's', task: 't', state: 'completed', meanMs: 10, p50Ms: 10, rme: 1, samples: 50, ...(rounds ? { roundMediansMs: rounds } : {}), ...extra }],
});

describe('compareToBaseline', () => {
  const base = [20, 21, 22, 21, 20.5, 21.5, 20.8];
  it.each([
    // [now rounds, change, why]
    [[20.5, 21, 21.5, 22, 20, 21.2, 20.9], 'same', 'unchanged'],
    [[40, 41, 42, 40.5, 43, 41.5, 42.5], 'slower', '2x, every round slower than every baseline round'],
    [[40, 41, 20.9, 40.5, 43, 41.5, 42.5], 'slower', '2x with one round hit by load: 6 of 49 pairs the other way, p = 0.009'],
    [[40, 41, 19.9, 40.5, 43, 41.5, 42.5], 'noisy', '2x median, but one round under all 7 baseline rounds: p = 0.013'],
    [[28, 30, 27, 29, 28.5, 27.5, 29.5], 'slower', '1.35x, past the 1.2x minimum and the noise'],
    [[23, 23.5, 24, 22.5, 23, 23.2, 23.8], 'same', '1.1x: under the minimum effect although every round is slower'],
    [[10, 10.5, 11, 10, 10.2, 10.4, 10.1], 'faster', 'half the time, past the noise'],
  ])('%j -> %s (%s)', (now, change) => {
    const [result] = compareToBaseline([task(now)], baseline(base), 1.2, 1);
    expect(result.change).toBe(change);
    expect(result.flagged).toBe(change === 'slower');
    expect(result.ratio).toBeCloseTo([...now].sort((a, b) => a - b)[3] / 21);
    expect(result.baseline).toMatchObject({ medianMs: 21, roundMediansMs: base });
    expect(result.p).toBeGreaterThan(0);
  });

  it('calls a slower median whose fastest calls did not move noisy: a busier machine, not slower code', () => {
    const then = { roundMediansMs: base, roundMinMs: [20, 20.1, 20, 20.2, 20, 20.1, 20] };
    const busy: BenchTaskResult = { ...task([30, 31, 29, 32, 30.5, 31.5, 29.5]), roundMinMs: [20.1, 20, 20.3, 20.1, 20.2, 20, 20.1] };
    const [result] = compareToBaseline([busy], baseline(base, { roundMinMs: then.roundMinMs }), 1.2, 1);
    expect(result).toMatchObject({ change: 'noisy', flagged: false });
    expect(result.fastestRatio).toBeCloseTo(1, 1);
    const slower: BenchTaskResult = { ...task([40, 41, 42, 40.5, 43, 41.5, 42.5]), roundMinMs: [40, 40.1, 40.3, 40.1, 40.2, 40, 40.1] };
    expect(compareToBaseline([slower], baseline(base, { roundMinMs: then.roundMinMs }), 1.2, 1)[0]).toMatchObject({ change: 'slower', flagged: true, fastestRatio: expect.closeTo(2, 1) });
  });

  it("divides by the machine's own slowdown before the threshold", () => {
    const cold = [260, 300, 280, 270, 310, 290, 275];
    const now = cold.map((x) => x * 1.25);
    expect(compareToBaseline([task(now)], baseline(cold), 1.2, 1)[0]).toMatchObject({ change: 'slower' });
    const [adjusted] = compareToBaseline([task(now)], baseline(cold), 1.2, 1, new Map([['s', 1.2]]));
    expect(adjusted).toMatchObject({ change: 'same', flagged: false, machineRatio: 1.2 });
    expect(adjusted.ratio).toBeCloseTo(1.25);
    const [still] = compareToBaseline([task(cold.map((x) => x * 2))], baseline(cold), 1.2, 1, new Map([['s', 1.2]]));
    expect(still).toMatchObject({ change: 'slower', flagged: true });
  });

  describe('a warm call on a machine that got busier between the runs', () => {
    // Measured shapes: an unchanged tools/list went 0.3 -> 2.8 ms (9.3x) when two CPU hogs started,
    // while a byte echoed by a child process went 0.05 -> 0.9 ms in the same rounds.
    const listThen = [0.3, 0.31, 0.29, 0.3, 0.32, 0.3, 0.31];
    const echoThen = [0.05, 0.05, 0.06, 0.05, 0.05, 0.05, 0.06];
    const listNow = [2.8, 2.7, 2.9, 2.6, 2.85, 2.75, 3.0];
    const echoNow = [0.9, 0.88, 0.95, 0.85, 0.92, 0.9, 1.0];
    const list = (rounds: number[]): BenchTaskResult => ({ ...task(rounds), kind: 'tools-list', task: 't' });
    const withEcho = (rounds: number[], echo: number[]): Baseline => ({ ...baseline(rounds), echo: new Map([['s', { medians: echo, mins: echo }]]) });
    const now = (echo: number[]): Map<string, { medians: number[]; mins: number[] }> => new Map([['s', { medians: echo, mins: echo }]]);

    it('is not flagged when the echo explains the slowdown, and says noisy (load)', () => {
      const [busy] = compareToBaseline([list(listNow)], withEcho(listThen, echoThen), 1.2, 1, new Map(), new Map(), now(echoNow));
      expect(busy).toMatchObject({ change: 'noisy', flagged: false });
      expect(busy.ratio).toBeGreaterThan(9);
      expect(busy.loadAdjustedRatio).toBeLessThan(1.2);
      // Without the echo the same rounds are flagged: the rank test sees a real shift, of the machine.
      expect(compareToBaseline([list(listNow)], baseline(listThen), 1.2, 1)[0]).toMatchObject({ change: 'slower', flagged: true });
    });

    it('is still flagged when the server got slower by more than the machine explains', () => {
      const callThen = [20.3, 20.4, 20.2, 20.5, 20.3, 20.4, 20.3];
      const callNow = [42.8, 42.6, 43.0, 42.7, 42.9, 42.6, 43.2]; // 2x the handler, plus the busier machine
      const call = (rounds: number[]): BenchTaskResult => ({ ...task(rounds), kind: 'tools-call' });
      const [slower] = compareToBaseline([call(callNow)], withEcho(callThen, echoThen), 1.2, 1, new Map(), new Map(), now(echoNow));
      expect(slower).toMatchObject({ change: 'slower', flagged: true });
      expect(slower.loadAdjustedRatio).toBeGreaterThan(1.9);
      // On the same machine state, the unchanged call is not flagged.
      const [same] = compareToBaseline([call(callThen.map((x) => x + 2.5))], withEcho(callThen, echoThen), 1.2, 1, new Map(), new Map(), now(echoNow));
      expect(same).toMatchObject({ change: 'same', flagged: false });
    });

    it('credits no quieter machine, and keeps the baseline p50 beside the ratio', () => {
      const [faster] = compareToBaseline([list(listThen.map((x) => x * 5))], withEcho(listThen, echoNow), 1.2, 1, new Map(), new Map(), now(echoThen));
      expect(faster).toMatchObject({ change: 'slower', loadAdjustedRatio: expect.closeTo(5, 1) });
      expect(faster.baseline?.p50Ms).toBe(10);
    });
  });

  it('flags a cold start only when it is also slower relative to the machine reference of the same rounds', () => {
    const cold = [260, 300, 280, 270, 310, 290, 275];
    const refThen = [100, 110, 105, 100, 115, 108, 102];
    const slowerBoth = (x: number[]): BenchTaskResult => ({ ...task(x), kind: 'cold-start' });
    const withRef: Baseline = { ...baseline(cold), machine: new Map([['s', refThen]]) };
    // The machine got 1.4x slower in every round, and the cold starts with it: not the server.
    const [busy] = compareToBaseline([slowerBoth(cold.map((x) => x * 1.4))], withRef, 1.2, 1, new Map(), new Map([['s', refThen.map((x) => x * 1.4)]]));
    expect(busy).toMatchObject({ change: 'noisy', flagged: false });
    expect(busy.machineRelativeRatio).toBeCloseTo(1);
    // Same machine, cold starts 1.4x: the server.
    const [slower] = compareToBaseline([slowerBoth(cold.map((x) => x * 1.4))], withRef, 1.2, 1, new Map(), new Map([['s', refThen]]));
    expect(slower).toMatchObject({ change: 'slower', flagged: true, machineRelativeRatio: expect.closeTo(1.4, 1) });
  });

  it('never flags a change smaller than the minimum effect in ms, whatever the ratio', () => {
    const now = [0.9, 0.95, 1, 0.9, 0.92, 0.93, 0.94];
    const then = [0.3, 0.31, 0.32, 0.3, 0.3, 0.31, 0.3];
    expect(compareToBaseline([task(now)], baseline(then), 1.2, 1)[0]).toMatchObject({ change: 'same', flagged: false });
    expect(compareToBaseline([task(now)], baseline(then), 1.2, 0.5)[0]).toMatchObject({ change: 'slower', flagged: true });
  });

  it('against an older baseline without rounds, says noisy at most: its noise cannot be measured', () => {
    const [result] = compareToBaseline([task([40, 41, 42, 40.5, 43])], baseline(undefined, { p50Ms: 20 }), 1.2, 1);
    expect(result).toMatchObject({ change: 'noisy', flagged: false, baseline: { medianMs: 20, roundMediansMs: [20] } });
    expect(result.p).toBeUndefined();
  });

  it('leaves tasks the baseline lacks, or did not complete, without a ratio', () => {
    const other: Baseline = { file: 'b.json', tasks: [{ server: 's', task: 'other', state: 'completed', meanMs: 1, rme: 1 }, { server: 's', task: 't', state: 'errored' }] };
    const [result] = compareToBaseline([task([10, 10, 10])], other, 1.2);
    expect(result.ratio).toBeUndefined();
    expect(result.flagged).toBe(false);
  });
});

describe('machineRatio', () => {
  const quiet = [40, 42, 41, 43, 40.5, 41.5, 42.5];
  it.each([
    [quiet.map((x) => x * 1.3), 1.3, 'slower beyond the noise'],
    [[40, 55, 41, 43, 60, 41.5, 42.5], 1, 'slower in two rounds only: within the noise'],
    [quiet.map((x) => x * 0.7), 1, 'faster: not credited'],
  ])('%j -> %d (%s)', (now, expected) => {
    expect(machineRatio(now, quiet)).toBeCloseTo(expected, 2);
  });
  it('is 1 without a reference on either side', () => {
    expect(machineRatio(undefined, quiet)).toBe(1);
    expect(machineRatio(quiet, undefined)).toBe(1);
  });
});

describe('rankTestP', () => {
  const run = (n: number, from: number): number[] => Array.from({ length: n }, (_, i) => from + i);
  it.each([
    [run(5, 10), run(5, 0), 1 / 252, 'all 5 above all 5: 1 arrangement in C(10,5)'],
    [run(7, 10), run(7, 0), 1 / 3432, 'all 7 above all 7'],
    [[1.5, ...run(6, 20)], run(7, 1), 0.0087, 'one round below six'],
    [run(3, 0), run(3, 0.5), 0.8, 'interleaved, 6 of 9 pairs below: P(U <= 6) = 16/20'],
  ])('%j vs %j -> %d (%s)', (now, then, p) => {
    expect(rankTestP(now, then)).toBeCloseTo(p, 4);
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
  ])('baseline %d, now %d per CPU', (then, now, expected, _why) => {
    const warning = loadWarning({ file: 'b', tasks: [], loadPerCpu: then, cpus: 2 }, { loadPerCpu: now }, 2);
    if (expected === undefined) expect(warning).toBeUndefined();
    else expect(warning).toMatch(expected);
  });

  it('speaks up on another number of CPUs, and says nothing without a recorded load', () => {
    expect(loadWarning({ file: 'b', tasks: [], loadPerCpu: 0.2, cpus: 8 }, { loadPerCpu: 0.2 }, 2)).toMatch(/8 CPUs and this run on 2/);
    expect(loadWarning({ file: 'b', tasks: [] }, { loadPerCpu: 5 }, 2)).toBeUndefined();
  });

  it('sees hogs started just before the run in the runnable tasks, which the one-minute average hides', () => {
    const quiet = { file: 'b', tasks: [], loadPerCpu: 0.1, runnablePerCpu: 0.6, cpus: 2 };
    expect(loadWarning(quiet, { loadPerCpu: 0.3, runnablePerCpu: 1.7 }, 2)).toMatch(/runnable tasks per CPU during the run were 0\.60 for the baseline and 1\.70 now/);
    expect(loadWarning(quiet, { loadPerCpu: 0.3, runnablePerCpu: 0.7 }, 2)).toBeUndefined();
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
