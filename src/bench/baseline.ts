/**
 * Comparing a bench run with a saved one, by interleaved rounds (src/bench/rounds.ts): each round
 * gives its median (the typical call) and its fastest sample (the best case). A task is flagged slower
 * only when its change exceeds both:
 * - the minimum effect: the ratio of medians is at least the threshold (default 1.2) AND the medians
 *   differ by at least `minEffectMs` (default 1 ms: below that, a busy machine's scheduling jitter
 *   moves a sub-millisecond task by 1.5x between two runs of the same code), and
 * - the noise measured in the two runs: the rounds of this run rank above the baseline's by the exact
 *   one-sided Mann-Whitney test at 1% (7 rounds each: at most 6 of the 49 pairs of rounds the other
 *   way, so one round hit by a burst of load cannot hide a slowdown; two runs of the same code get
 *   there by chance less than once in a hundred, before the minimum effect);
 * both for the medians and for the fastest samples, the fastest also past the threshold, and for a cold
 * start also each round relative to the machine's reference in the same round. Slower code
 * slows both; a busier machine slows the typical call far more than the best case (measured here: 20
 * ms of sleep per call, quiet vs two CPU hogs, 6 unchanged pairs flagged of 110 instead of 24 by the
 * medians alone, every planted 2x caught in a steady load). A change past the minimum effect that the
 * rounds do not support is "noisy": reported, never failed. Neither test sees a machine that got busier
 * between the runs: the load is stored with each run and a material change is warned about.
 */
import { readDataFile } from '../config/read-file.ts';
import { validateData } from '../config/validate.ts';
import type { BenchTaskResult } from '../report/model.ts';
import { echoPair, withoutMachine } from './load-adjust.ts';
import { median } from './rounds.ts';

export const DEFAULT_THRESHOLD = 1.2;
export const DEFAULT_MIN_EFFECT_MS = 1;
/** One-sided significance of the rank test on round medians. */
export const ALPHA = 0.01;
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
  roundMinMs?: number[];
  args?: Record<string, unknown>;
}

export interface Baseline {
  file: string;
  tasks: BaselineTask[];
  /** Per server, round medians of the machine's reference (`node -e ""`). */
  machine?: Map<string, number[]>;
  /** Per server, the machine's warm reference (a byte echoed by a child process): round medians and fastest. */
  echo?: Map<string, EchoRounds>;
  /** One-minute load average per CPU when the baseline was taken, when it says. */
  loadPerCpu?: number;
  /** Mean runnable tasks per CPU during the baseline run (Linux), when it says. */
  runnablePerCpu?: number;
  cpus?: number;
}

/** The echo reference's rounds (src/bench/machine-load.ts): medians and fastest samples. */
export interface EchoRounds {
  medians: readonly number[];
  mins: readonly number[];
}

/** How busy the machine is: the load average per CPU, and where sampled the runnable tasks per CPU. */
export interface MachineLoad {
  loadPerCpu: number;
  runnablePerCpu?: number;
}

// Only what the comparison reads; the rest of a saved result (or a newer schema) is let through.
const baselineSchema = {
  type: 'object',
  properties: {
    bench: {
      type: 'object',
      properties: {
        environment: { type: 'object', properties: { cpus: { type: 'integer', minimum: 1 }, loadAverage: { type: 'array', items: { type: 'number' } }, runnable: { type: 'number', minimum: 0 } } },
        machine: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              server: { type: 'string' },
              roundMediansMs: { type: 'array', items: { type: 'number', minimum: 0 } },
              echoRoundMediansMs: { type: 'array', items: { type: 'number', minimum: 0 } },
              echoRoundMinMs: { type: 'array', items: { type: 'number', minimum: 0 } },
            },
            required: ['server', 'roundMediansMs'],
          },
        },
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
              roundMinMs: { type: 'array', items: { type: 'number', minimum: 0 } },
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
  const data = validateData<{ bench: { tasks: BaselineTask[]; machine?: Array<{ server: string; roundMediansMs: number[]; echoRoundMediansMs?: number[]; echoRoundMinMs?: number[] }>; environment?: { cpus?: number; loadAverage?: number[]; runnable?: number } } }>(
    baselineSchema,
    readDataFile(file, 'bench baseline'),
    file,
    'bench baseline',
    'pass a file written by `toolvet bench --save FILE` (or --json FILE)',
  );
  const env = data.bench.environment;
  const load = env?.loadAverage?.[0];
  return {
    file,
    tasks: data.bench.tasks,
    ...(data.bench.machine ? { machine: new Map(data.bench.machine.map((m) => [m.server, m.roundMediansMs])) } : {}),
    ...(data.bench.machine?.some((m) => m.echoRoundMediansMs)
      ? { echo: new Map(data.bench.machine.filter((m) => m.echoRoundMediansMs).map((m) => [m.server, { medians: m.echoRoundMediansMs!, mins: m.echoRoundMinMs ?? [] }])) }
      : {}),
    ...(load !== undefined && env?.cpus ? { loadPerCpu: load / env.cpus, cpus: env.cpus } : {}),
    ...(env?.runnable !== undefined && env.cpus ? { runnablePerCpu: env.runnable / env.cpus } : {}),
  };
}

/**
 * Within-run noise cannot see a machine that got busier between the two runs; say so when the CPU
 * share a process can expect, about 1 / (1 + load per CPU), moved by LOAD_CHANGE_FACTOR or more (a
 * quiet machine with two CPU hogs added: 0.1 -> 1.1 per CPU is 1.9x; 3.3 -> 3.8 on a busy one is 1.1x),
 * by the load average or by the runnable tasks sampled during both runs, or the machine has another
 * number of CPUs.
 */
export function loadWarning(baseline: Baseline, now: MachineLoad, cpus?: number): string | undefined {
  if (cpus !== undefined && baseline.cpus !== undefined && cpus !== baseline.cpus) {
    return `the baseline was taken on ${baseline.cpus} CPUs and this run on ${cpus}: ratios partly measure the machine`;
  }
  const moved = (a: number, b: number): boolean => (1 + Math.max(a, b)) / (1 + Math.min(a, b)) >= LOAD_CHANGE_FACTOR;
  if (baseline.runnablePerCpu !== undefined && now.runnablePerCpu !== undefined && moved(baseline.runnablePerCpu, now.runnablePerCpu)) {
    return `runnable tasks per CPU during the run were ${baseline.runnablePerCpu.toFixed(2)} for the baseline and ${now.runnablePerCpu.toFixed(2)} now: ratios partly measure the machine`;
  }
  if (baseline.loadPerCpu !== undefined && moved(baseline.loadPerCpu, now.loadPerCpu)) {
    return `load average per CPU was ${baseline.loadPerCpu.toFixed(2)} for the baseline and ${now.loadPerCpu.toFixed(2)} now: ratios partly measure the machine`;
  }
  return undefined;
}

/**
 * Exact one-sided p-value of the Mann-Whitney test that `now` ranks above `then`: the chance, when
 * both runs come from one distribution, of at most this many pairs (now, then) with now below then
 * (ties count half). Counted over every arrangement of the ranks, so it is exact for small rounds.
 */
export function rankTestP(now: readonly number[], then: readonly number[]): number {
  let u = 0;
  for (const a of now) for (const b of then) u += a < b ? 1 : a === b ? 0.5 : 0;
  const n = now.length;
  const m = then.length;
  // ways[i][j][k]: arrangements of i "now" and j "then" values with k pairs now-below-then.
  let prev: number[][] = Array.from({ length: m + 1 }, () => [1]);
  for (let i = 1; i <= n; i++) {
    const row: number[][] = [[1]];
    for (let j = 1; j <= m; j++) {
      const size = i * j + 1;
      const ways = new Array<number>(size).fill(0);
      // The largest value is a "now" (no new inversions) or a "then" (i new inversions).
      const a = prev[j];
      const b = row[j - 1];
      for (let k = 0; k < a.length; k++) ways[k] += a[k];
      for (let k = 0; k < b.length; k++) ways[k + i] += b[k];
      row.push(ways);
    }
    prev = row;
  }
  const ways = prev[m];
  const total = ways.reduce((x, y) => x + y, 0);
  let below = 0;
  for (let k = 0; k <= Math.floor(u) && k < ways.length; k++) below += ways[k];
  return below / total;
}

/** The relative half-range of round medians around their median: `0.05` is ±5%. */
function relativeNoise(roundMedians: readonly number[]): number {
  const m = median(roundMedians);
  if (!(m > 0)) return 0;
  return (Math.max(...roundMedians) - Math.min(...roundMedians)) / 2 / m;
}

/** Round medians of a task: its own, or (an older baseline) its median as one round. */
function roundsOf(task: { roundMediansMs?: number[]; p50Ms?: number; meanMs?: number }): number[] | undefined {
  if (task.roundMediansMs && task.roundMediansMs.length > 0) return task.roundMediansMs;
  const point = task.p50Ms ?? task.meanMs;
  return point !== undefined && point > 0 ? [point] : undefined;
}

/**
 * Whether `now` is beyond `then` past the noise, by the rank test. A baseline of one round (saved
 * before rounds) has no noise of its own to measure: never beyond, so at most "noisy".
 */
function beyondNoise(now: readonly number[], then: readonly number[], direction: 1 | -1): { beyond: boolean; p?: number } {
  if (then.length < 2 || now.length < 2) return { beyond: false };
  const p = direction === 1 ? rankTestP(now, then) : rankTestP(then, now);
  return { beyond: p <= ALPHA, p };
}

/**
 * How much slower the machine was than for the baseline, from its reference timed in both runs' rounds:
 * the ratio of medians when the rank test says it moved (p at most ALPHA), else 1. A faster machine
 * is not credited.
 */
export function machineRatio(now: readonly number[] | undefined, then: readonly number[] | undefined): number {
  if (!now || !then || now.length < 2 || then.length < 2) return 1;
  const ratio = median(now) / median(then);
  return ratio > 1 && rankTestP(now, then) <= ALPHA ? ratio : 1;
}

/** Fills `baseline`, `ratio`, `fastestRatio`, `noise`, `p`, `change` and `flagged` on each completed task that the baseline also completed. */
export function compareToBaseline(
  tasks: BenchTaskResult[],
  baseline: Baseline,
  threshold: number,
  minEffectMs: number = DEFAULT_MIN_EFFECT_MS,
  machine: ReadonlyMap<string, number> = new Map(),
  reference: ReadonlyMap<string, readonly number[]> = new Map(),
  echo: ReadonlyMap<string, EchoRounds> = new Map(),
): BenchTaskResult[] {
  const byKey = new Map(baseline.tasks.map((t) => [`${t.server}\u0000${t.task}`, t]));
  return tasks.map((task) => {
    const before = byKey.get(`${task.server}\u0000${task.task}`);
    if (task.state !== 'completed' || !before || before.state !== 'completed') return task;
    const now = roundsOf(task);
    const then = roundsOf(before);
    if (!now || !then) return task;
    const ratio = median(now) / median(then);
    const big = Math.abs(median(now) - median(then)) >= minEffectMs;
    const direction = ratio >= 1 ? 1 : -1;
    // What the machine's own slowdown explains does not count against the server.
    const slowerMachine = machine.get(task.server) ?? 1;
    const past = (r: number): boolean => (direction === 1 ? r / slowerMachine >= threshold : r <= 1 / threshold);
    // A warm call on a busier machine: each round less the machine's extra echo time (load-adjust.ts).
    const warm = task.kind === 'tools-list' || task.kind === 'tools-call';
    const echoes = warm && direction === 1 ? echoPair(now, then, echo.get(task.server)?.medians, baseline.echo?.get(task.server)?.medians) : undefined;
    const adjusted = echoes ? withoutMachine(now, echoes.echoNow, echoes.echoThen) : undefined;
    const loadAdjustedRatio = adjusted ? median(adjusted) / median(then) : undefined;
    const typical = beyondNoise(adjusted ?? now, then, direction);
    const adjustedPast = adjusted === undefined || (past(loadAdjustedRatio!) && median(adjusted) - median(then) >= minEffectMs);
    // The best case: only when both runs kept their rounds' fastest samples.
    const fastNowRaw = task.roundMinMs && task.roundMinMs.length === now.length ? task.roundMinMs : undefined;
    const fastThen = before.roundMinMs && before.roundMinMs.length === then.length ? before.roundMinMs : undefined;
    const echoMins = fastNowRaw && fastThen && adjusted ? echoPair(fastNowRaw, fastThen, echo.get(task.server)?.mins, baseline.echo?.get(task.server)?.mins) : undefined;
    const fastNow = fastNowRaw && echoMins ? withoutMachine(fastNowRaw, echoMins.echoNow, echoMins.echoThen) : fastNowRaw;
    const fastestRatio = fastNow && fastThen ? median(fastNow) / median(fastThen) : undefined;
    const fastest = fastNow && fastThen ? beyondNoise(fastNow, fastThen, direction) : undefined;
    // A cold start is CPU work, slowed by a busier machine in its best case too: each round is also
    // taken relative to the machine's reference timed in the same round (starting node -e "").
    const refNow = reference.get(task.server);
    const refThen = baseline.machine?.get(task.server);
    const paired = task.kind === 'cold-start' && refNow?.length === now.length && refThen?.length === then.length;
    const relNow = paired ? now.map((x, i) => x / refNow[i]) : undefined;
    const relThen = paired ? then.map((x, i) => x / refThen[i]) : undefined;
    const relative = relNow && relThen ? beyondNoise(relNow, relThen, direction) : undefined;
    const relativeRatio = relNow && relThen ? median(relNow) / median(relThen) : undefined;
    const pastRaw = (r: number): boolean => (direction === 1 ? r >= threshold : r <= 1 / threshold);
    const beyond =
      typical.beyond &&
      adjustedPast &&
      (fastest === undefined || (fastest.beyond && past(fastestRatio!))) &&
      (relative === undefined || (relative.beyond && pastRaw(relativeRatio!)));
    const p = typical.p !== undefined ? Math.max(typical.p, fastest?.p ?? 0, relative?.p ?? 0) : undefined;
    const change: NonNullable<BenchTaskResult['change']> = !big || !past(ratio) ? 'same' : !beyond ? 'noisy' : direction === 1 ? 'slower' : 'faster';
    return {
      ...task,
      baseline: {
        ...(before.p50Ms !== undefined ? { p50Ms: before.p50Ms } : {}),
        meanMs: before.meanMs ?? median(then),
        rme: before.rme ?? 0,
        samples: before.samples ?? 0,
        medianMs: median(then),
        roundMediansMs: then,
        ...(fastThen ? { roundMinMs: fastThen } : {}),
      },
      ratio,
      ...(fastestRatio !== undefined ? { fastestRatio } : {}),
      ...(relativeRatio !== undefined ? { machineRelativeRatio: relativeRatio } : {}),
      ...(loadAdjustedRatio !== undefined ? { loadAdjustedRatio } : {}),
      ...(slowerMachine > 1 ? { machineRatio: slowerMachine } : {}),
      noise: relativeNoise(now) + relativeNoise(then),
      ...(p !== undefined ? { p } : {}),
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
