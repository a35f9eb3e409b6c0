/**
 * Comparing a bench run with a saved one, by the medians of interleaved rounds (src/bench/rounds.ts).
 * A task is flagged slower only when its change exceeds both:
 * - the minimum effect: the ratio of medians is at least the threshold (default 1.2) AND the medians
 *   differ by at least `minEffectMs` (default 1 ms: below that, a busy machine's scheduling jitter
 *   moves a sub-millisecond task by 1.5x between two runs of the same code), and
 * - the noise measured in the two runs: every round median of this run is above every round median of
 *   the baseline (with 5 rounds each, two runs of the same code do that by chance once in 252).
 * A change past the minimum effect whose rounds overlap is "noisy": reported, never failed. Neither
 * test sees a machine that got busier between the runs: the load is stored with each run and a
 * material change is warned about.
 */
import { readDataFile } from '../config/read-file.ts';
import { validateData } from '../config/validate.ts';
import type { BenchTaskResult } from '../report/model.ts';
import { median } from './rounds.ts';

export const DEFAULT_THRESHOLD = 1.2;
export const DEFAULT_MIN_EFFECT_MS = 1;
/** A change of the expected CPU share by this factor between baseline and run is worth a warning. */
export const LOAD_CHANGE_FACTOR = 1.5;

export interface BaselineTask {
  server: string;
  task: string;
  state: string;
  meanMs?: number;
  p50Ms?: number;
  rme?: number;
  samples?: number;
  roundMediansMs?: number[];
  args?: Record<string, unknown>;
}

export interface Baseline {
  file: string;
  tasks: BaselineTask[];
  /** One-minute load average per CPU when the baseline was taken, when it says. */
  loadPerCpu?: number;
  cpus?: number;
}

// Only what the comparison reads; the rest of a saved result (or a newer schema) is let through.
const baselineSchema = {
  type: 'object',
  properties: {
    bench: {
      type: 'object',
      properties: {
        environment: { type: 'object', properties: { cpus: { type: 'integer', minimum: 1 }, loadAverage: { type: 'array', items: { type: 'number' } } } },
        tasks: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              server: { type: 'string' },
              task: { type: 'string' },
              state: { type: 'string' },
              meanMs: { type: 'number', minimum: 0 },
              p50Ms: { type: 'number', minimum: 0 },
              rme: { type: 'number', minimum: 0 },
              samples: { type: 'integer', minimum: 0 },
              roundMediansMs: { type: 'array', items: { type: 'number', minimum: 0 } },
              args: { type: 'object' },
            },
            required: ['server', 'task', 'state'],
          },
        },
      },
      required: ['tasks'],
    },
  },
  required: ['bench'],
} as const;

export function loadBaseline(file: string): Baseline {
  const data = validateData<{ bench: { tasks: BaselineTask[]; environment?: { cpus?: number; loadAverage?: number[] } } }>(
    baselineSchema,
    readDataFile(file, 'bench baseline'),
    file,
    'bench baseline',
    'pass a file written by `toolproof bench --save FILE` (or --json FILE)',
  );
  const env = data.bench.environment;
  const load = env?.loadAverage?.[0];
  return { file, tasks: data.bench.tasks, ...(load !== undefined && env?.cpus ? { loadPerCpu: load / env.cpus, cpus: env.cpus } : {}) };
}

/**
 * Within-run noise cannot see a machine that got busier between the two runs; say so when the CPU
 * share a process can expect, about 1 / (1 + load per CPU), moved by LOAD_CHANGE_FACTOR or more (a
 * quiet machine with two CPU hogs added: 0.1 -> 1.1 per CPU is 1.9x; 3.3 -> 3.8 on a busy one is 1.1x),
 * or the machine has another number of CPUs.
 */
export function loadWarning(baseline: Baseline, loadPerCpu: number, cpus?: number): string | undefined {
  if (baseline.loadPerCpu === undefined) return undefined;
  if (cpus !== undefined && baseline.cpus !== undefined && cpus !== baseline.cpus) {
    return `the baseline was taken on ${baseline.cpus} CPUs and this run on ${cpus}: ratios partly measure the machine`;
  }
  const factor = (1 + Math.max(loadPerCpu, baseline.loadPerCpu)) / (1 + Math.min(loadPerCpu, baseline.loadPerCpu));
  if (factor < LOAD_CHANGE_FACTOR) return undefined;
  return `load average per CPU was ${baseline.loadPerCpu.toFixed(2)} for the baseline and ${loadPerCpu.toFixed(2)} now: ratios partly measure the machine`;
}

/** The band of a run's round medians: lowest to highest. */
export function noiseBand(roundMedians: readonly number[]): { low: number; high: number } {
  return { low: Math.min(...roundMedians), high: Math.max(...roundMedians) };
}

/** The relative half-width of the band around the median: `0.05` is ±5%. */
function relativeNoise(roundMedians: readonly number[]): number {
  const m = median(roundMedians);
  if (!(m > 0)) return 0;
  const { low, high } = noiseBand(roundMedians);
  return Math.max(high / m - 1, 1 - low / m);
}

/** Round medians of a task: its own, or (an older baseline) its median as one round. */
function roundsOf(task: { roundMediansMs?: number[]; p50Ms?: number; meanMs?: number }): number[] | undefined {
  if (task.roundMediansMs && task.roundMediansMs.length > 0) return task.roundMediansMs;
  const point = task.p50Ms ?? task.meanMs;
  return point !== undefined && point > 0 ? [point] : undefined;
}

/** Fills `baseline`, `ratio`, `noise`, `change` and `flagged` on each completed task that the baseline also completed. */
export function compareToBaseline(tasks: BenchTaskResult[], baseline: Baseline, threshold: number, minEffectMs: number = DEFAULT_MIN_EFFECT_MS): BenchTaskResult[] {
  const byKey = new Map(baseline.tasks.map((t) => [`${t.server}\u0000${t.task}`, t]));
  return tasks.map((task) => {
    const before = byKey.get(`${task.server}\u0000${task.task}`);
    if (task.state !== 'completed' || !before || before.state !== 'completed') return task;
    const now = roundsOf(task);
    const then = roundsOf(before);
    if (!now || !then) return task;
    const ratio = median(now) / median(then);
    const bandNow = noiseBand(now);
    const bandThen = noiseBand(then);
    const noise = relativeNoise(now) + relativeNoise(then);
    const big = Math.abs(median(now) - median(then)) >= minEffectMs;
    const change: NonNullable<BenchTaskResult['change']> =
      big && ratio >= threshold ? (bandNow.low > bandThen.high ? 'slower' : 'noisy') : big && ratio <= 1 / threshold ? (bandNow.high < bandThen.low ? 'faster' : 'noisy') : 'same';
    return {
      ...task,
      baseline: { meanMs: before.meanMs ?? median(then), rme: before.rme ?? 0, samples: before.samples ?? 0, medianMs: median(then), roundMediansMs: then },
      ratio,
      noise,
      change,
      flagged: change === 'slower',
    };
  });
}

/** Tasks whose arguments differ from the baseline's: their ratio compares two different calls. */
export function changedArguments(tasks: readonly BenchTaskResult[], baseline: Baseline): string[] {
  const byKey = new Map(baseline.tasks.map((t) => [`${t.server}\u0000${t.task}`, t]));
  return tasks
    .filter((t) => {
      const before = byKey.get(`${t.server}\u0000${t.task}`);
      return t.args !== undefined && before?.args !== undefined && JSON.stringify(before.args) !== JSON.stringify(t.args);
    })
    .map((t) => `${t.server} ${t.task}`);
}
