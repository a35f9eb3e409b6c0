/**
 * Interleaved rounds: each task's samples are split into rounds, and the rounds of a server's tasks
 * take turns (round 1 of every task, then round 2 of every task...), so a burst of load lands on one
 * round of each task instead of on all samples of one task. The median and the fastest sample of
 * each round are kept: their spread is the noise of this run, measured on this machine at this
 * moment, which the comparison with a baseline needs (src/bench/baseline.ts).
 */
import { measure, type Measured, type MeasureSettings } from './measure.ts';

export const DEFAULT_ROUNDS = 7;

export interface RoundTask {
  name: string;
  fn: () => Promise<number | void>;
  settings: MeasureSettings;
}

export interface RoundStats extends Omit<Measured, 'samplesMs'> {
  /** Median of each round, in round order. */
  roundMediansMs: number[];
  /** Fastest sample of each round, in round order. */
  roundMinMs: number[];
}

/** A completed task keeps its samples round by round, so more rounds can be added to them (`runRounds`' `before`). */
export type RoundOutcome = { state: 'completed'; stats: RoundStats; rounds: number[][] } | { state: 'errored'; error: unknown };

/** The q-quantile of sorted values, interpolated (as tinybench does). */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low] + (sorted[high] - sorted[low]) * (at - low);
}

export const median = (values: readonly number[]): number => quantile([...values].sort((a, b) => a - b), 0.5);

/** All rounds' samples as one set of statistics, with each round's median. */
export function foldRounds(rounds: readonly (readonly number[])[]): RoundStats {
  const all = rounds.flat().sort((a, b) => a - b);
  const n = all.length;
  const mean = n > 0 ? all.reduce((a, b) => a + b, 0) / n : 0;
  const sd = n > 1 ? Math.sqrt(all.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1)) : 0;
  // 95% margin of error of the mean, relative (tinybench's rme, with the normal quantile).
  const rme = n > 1 && mean > 0 ? ((1.96 * sd) / Math.sqrt(n) / mean) * 100 : 0;
  return {
    meanMs: mean,
    p50Ms: quantile(all, 0.5),
    p99Ms: quantile(all, 0.99),
    opsPerSec: mean > 0 ? 1000 / mean : 0,
    samples: n,
    rme,
    roundMediansMs: rounds.filter((r) => r.length > 0).map((r) => median(r)),
    roundMinMs: rounds.filter((r) => r.length > 0).map((r) => Math.min(...r)),
  };
}

/**
 * Runs the tasks in `rounds` interleaved rounds, each round of a task asking for its share of the
 * samples and of the time budget (warm-up only before the first). A task with fewer minimum samples
 * than rounds gets one sample per round for as many rounds as it has samples. A task that errors
 * stops there; the others go on. `before` holds rounds already run (a task's `rounds` from an earlier
 * call): the new rounds are added after them, and each outcome covers both.
 */
export async function runRounds(
  tasks: readonly RoundTask[],
  rounds: number,
  onDone?: (name: string, outcome: RoundOutcome) => void,
  before: ReadonlyMap<string, readonly number[][]> = new Map(),
): Promise<Map<string, RoundOutcome>> {
  const samples = new Map<string, number[][]>(tasks.map((t) => [t.name, [...(before.get(t.name) ?? [])]]));
  const errors = new Map<string, unknown>();
  const roundsOf = (t: RoundTask): number => Math.max(1, Math.min(rounds, t.settings.iterations));
  const most = Math.max(0, ...tasks.map(roundsOf));
  const outcomes = new Map<string, RoundOutcome>();
  const finish = (t: RoundTask): void => {
    const error = errors.get(t.name);
    const own = samples.get(t.name)!;
    const outcome: RoundOutcome = errors.has(t.name) ? { state: 'errored', error } : { state: 'completed', stats: foldRounds(own), rounds: own };
    outcomes.set(t.name, outcome);
    onDone?.(t.name, outcome);
  };
  for (let r = 0; r < most; r++) {
    for (const task of tasks) {
      const own = roundsOf(task);
      if (r >= own || errors.has(task.name)) continue;
      // The samples spread over the rounds exactly (10 cold starts in 7 rounds: 1 or 2 each, 10 in all).
      const share = Math.floor(((r + 1) * task.settings.iterations) / own) - Math.floor((r * task.settings.iterations) / own);
      const settings: MeasureSettings = {
        iterations: Math.max(1, share),
        timeMs: task.settings.timeMs / own,
        warmup: r === 0 ? task.settings.warmup : 0,
      };
      const outcome = await measure(`${task.name} round ${r + 1}`, task.fn, settings);
      if (outcome.state === 'errored') errors.set(task.name, outcome.error);
      else samples.get(task.name)!.push(outcome.stats.samplesMs);
      if (r === own - 1 || errors.has(task.name)) finish(task);
    }
  }
  return outcomes;
}
