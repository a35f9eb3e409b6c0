/**
 * Comparing a bench run with a saved one. A task is flagged only when it is slower than the threshold
 * AND the slowdown lies outside the margins of error: the lower end of this run's mean is above the
 * upper end of the baseline's. Either alone flags noise: a tiny task can be 1.3x on a busy machine,
 * and a tight interval can separate two runs that differ by 1%.
 */
import { readDataFile } from '../config/read-file.ts';
import { validateData } from '../config/validate.ts';
import type { BenchTaskResult } from '../report/model.ts';

export const DEFAULT_THRESHOLD = 1.2;

export interface BaselineTask {
  server: string;
  task: string;
  state: string;
  meanMs?: number;
  rme?: number;
  samples?: number;
}

export interface Baseline {
  file: string;
  tasks: BaselineTask[];
  /** One-minute load average per CPU when the baseline was taken, when it says. */
  loadPerCpu?: number;
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
              rme: { type: 'number', minimum: 0 },
              samples: { type: 'integer', minimum: 0 },
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
  return { file, tasks: data.bench.tasks, ...(load !== undefined && env?.cpus ? { loadPerCpu: load / env.cpus } : {}) };
}

/**
 * Within-run margins of error cannot see a machine that got busier between the two runs; say so when
 * the load average per CPU moved by more than half a core.
 */
export function loadWarning(baseline: Baseline, loadPerCpu: number): string | undefined {
  if (baseline.loadPerCpu === undefined || Math.abs(loadPerCpu - baseline.loadPerCpu) <= 0.5) return undefined;
  return `load average per CPU was ${baseline.loadPerCpu.toFixed(2)} for the baseline and ${loadPerCpu.toFixed(2)} now: ratios partly measure the machine`;
}

/** Fills `baseline`, `ratio` and `flagged` on each completed task that the baseline also completed. */
export function compareToBaseline(tasks: BenchTaskResult[], baseline: Baseline, threshold: number): BenchTaskResult[] {
  const byKey = new Map(baseline.tasks.map((t) => [`${t.server}\u0000${t.task}`, t]));
  return tasks.map((task) => {
    const before = byKey.get(`${task.server}\u0000${task.task}`);
    if (task.state !== 'completed' || !before || before.state !== 'completed' || !before.meanMs || task.meanMs === undefined) return task;
    const rme = task.rme ?? 0;
    const beforeRme = before.rme ?? 0;
    const ratio = task.meanMs / before.meanMs;
    const outsideMargins = task.meanMs * (1 - rme / 100) > before.meanMs * (1 + beforeRme / 100);
    return {
      ...task,
      baseline: { meanMs: before.meanMs, rme: beforeRme, samples: before.samples ?? 0 },
      ratio,
      flagged: ratio > threshold && outsideMargins,
    };
  });
}
