import { describe, expect, it } from 'vitest';
import type { BenchTaskResult } from '../report/model.ts';
import { compareToBaseline, loadWarning } from './baseline.ts';

const task = (meanMs: number, rme: number): BenchTaskResult => ({ server: 's', task: 't', kind: 'tools-call', state: 'completed', meanMs, rme, samples: 50, flagged: false });
const baseline = (meanMs: number, rme: number) => ({ file: 'b.json', tasks: [{ server: 's', task: 't', state: 'completed', meanMs, rme, samples: 50 }] });

describe('compareToBaseline', () => {
  it.each([
    // [now mean, now rme, base mean, base rme, flagged, why]
    [10, 2, 10, 2, false, 'unchanged'],
    [15, 2, 10, 2, true, 'slower than 1.2x, margins far apart'],
    [15, 30, 10, 30, false, 'slower than 1.2x but the margins overlap (13*0.7 < 10*1.3)'],
    [11.5, 1, 10, 1, false, 'outside the margins but under the threshold'],
    [5, 1, 10, 1, false, 'faster'],
  ])('%d ms ±%d%% vs %d ms ±%d%% -> flagged %s (%s)', (now, nowRme, base, baseRme, flagged) => {
    const [result] = compareToBaseline([task(now, nowRme)], baseline(base, baseRme), 1.2);
    expect(result.flagged).toBe(flagged);
    expect(result.ratio).toBeCloseTo(now / base);
    expect(result.baseline).toEqual({ meanMs: base, rme: baseRme, samples: 50 });
  });

  it('leaves tasks the baseline lacks, or did not complete, without a ratio', () => {
    const other = { file: 'b.json', tasks: [{ server: 's', task: 'other', state: 'completed', meanMs: 1, rme: 1 }, { server: 's', task: 't', state: 'errored' }] };
    const [result] = compareToBaseline([task(10, 1)], other, 1.2);
    expect(result.ratio).toBeUndefined();
    expect(result.flagged).toBe(false);
  });
});

describe('loadWarning', () => {
  it('speaks up only when the load per CPU moved by more than half a core', () => {
    expect(loadWarning({ file: 'b', tasks: [], loadPerCpu: 0.2 }, 0.6)).toBeUndefined();
    expect(loadWarning({ file: 'b', tasks: [], loadPerCpu: 0.2 }, 1.5)).toMatch(/0\.20 for the baseline and 1\.50 now/);
    expect(loadWarning({ file: 'b', tasks: [] }, 5)).toBeUndefined();
  });
});
