/**
 * One benchmark task through tinybench: a minimum of `iterations` samples and a `timeMs` budget,
 * folded into the plain statistics the result model carries. A task function may return its own
 * duration (e.g. cold start excludes the close), passed to tinybench as `overriddenDuration`.
 */
import { Bench } from 'tinybench';

export interface MeasureSettings {
  iterations: number;
  timeMs: number;
  /** Warm-up iterations (0: none). */
  warmup: number;
}

export interface Measured {
  meanMs: number;
  p50Ms: number;
  p99Ms: number;
  opsPerSec: number;
  samples: number;
  rme: number;
  /** Every sample in ms, sorted (for folding rounds together). */
  samplesMs: number[];
}

export type MeasureOutcome = { state: 'completed'; stats: Measured } | { state: 'errored'; error: unknown };

/** `fn` may resolve to a duration in milliseconds measured by itself. */
export async function measure(name: string, fn: () => Promise<number | void>, settings: MeasureSettings): Promise<MeasureOutcome> {
  const bench = new Bench({
    iterations: settings.iterations,
    time: settings.timeMs,
    warmup: settings.warmup > 0,
    warmupIterations: settings.warmup,
    warmupTime: 0,
    throws: false,
    retainSamples: true,
  });
  bench.add(
    name,
    async () => {
      const started = bench.now();
      const own = await fn();
      return typeof own === 'number' ? { overriddenDuration: own, overriddenIterationCost: bench.now() - started } : undefined;
    },
    { async: true },
  );
  const [task] = await bench.run();
  const result = task.result;
  if (result.state === 'errored') return { state: 'errored', error: result.error };
  if (result.state !== 'completed') return { state: 'errored', error: new Error(`benchmark ended as ${result.state}`) };
  const { latency } = result;
  return {
    state: 'completed',
    stats: {
      meanMs: latency.mean,
      p50Ms: latency.p50,
      p99Ms: latency.p99,
      opsPerSec: latency.mean > 0 ? 1000 / latency.mean : 0,
      samples: latency.samplesCount,
      rme: Number.isFinite(latency.rme) ? latency.rme : 0,
      samplesMs: [...(latency.samples ?? [])],
    },
  };
}
