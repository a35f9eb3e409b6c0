/**
 * `toolvet bench` end to end: load every input first, start the servers, then benchmark one server
 * at a time (so tasks never compete with each other): cold start, tools/list, each planned tools/call,
 * and a model turn when a model is given, in interleaved rounds (src/bench/rounds.ts). Compared with a
 * baseline when one is given, by the rounds' medians and their spread (src/bench/baseline.ts).
 */
import os from 'node:os';
import { loadHostConfig, selectServers } from '../config/host-config.ts';
import { toErrorInfo } from '../errors.ts';
import { type BenchSection, type BenchTaskResult, type Diagnostic, type ToolvetResult } from '../report/model.ts';
import { ServerConnection, type ServerTimeouts } from '../servers/server-connection.ts';
import { ServerPool } from '../servers/server-pool.ts';
import { ToolRoutes } from '../servers/tool-routing.ts';
import type { ModelDriver, ToolDefinition } from '../types.ts';
import { changedArguments, DEFAULT_MIN_EFFECT_MS, DEFAULT_THRESHOLD, loadBaseline, loadWarning } from './baseline.ts';
import { type BenchMachine, compareServers, machineOf } from './compare-servers.ts';
import { checkAllowTools, checkCalls, planCalls } from './call-plan.ts';
import { loadCallsFile, type CallsFile } from './calls-file.ts';
import type { MeasureSettings } from './measure.ts';
import { DEFAULT_ROUNDS, median, runRounds, type RoundOutcome, type RoundTask } from './rounds.ts';
import { resultHeader } from '../report/result-header.ts';
import { structuredWarning } from './structured-warning.ts';
import { nodeStart, sampleRunQueue, startRoundTrip } from './machine-load.ts';

export type BenchTaskKind = BenchTaskResult['kind'];
/** A call slower than this (or than the time budget) is a slow task: SLOW_SAMPLES samples, no warmup. */
const SLOW_CALL_MS = 1_000;
const SLOW_SAMPLES = 3;
export const BENCH_TASK_KINDS: readonly BenchTaskKind[] = ['cold-start', 'tools-list', 'tools-call', 'model-turn'];

export interface ServerBenchOptions {
  config: string;
  servers?: string[];
  calls?: string;
  baseline?: string;
  threshold?: number;
  /** Minimum samples per task (default 50). */
  iterations?: number;
  /** Time budget per task in ms (default 1000). */
  timeMs?: number;
  /** Cold starts per server (default 10). */
  starts?: number;
  /** Which kinds of task to run (default all). */
  kinds?: readonly BenchTaskKind[];
  model?: ModelDriver;
  /** User message of the model turn; default built from the server's first tool. */
  prompt?: string;
  serverTimeouts?: Partial<ServerTimeouts>;
  /** Tools that may be called with arguments built from their schema although not annotated read-only (--allow-tools). */
  allowTools?: readonly string[];
  /** Smallest change of a median in ms that can be flagged (default 1). */
  minEffectMs?: number;
  /** Interleaved rounds each task's samples are split into (default 5). */
  rounds?: number;
  onTask?: (task: BenchTaskResult) => void;
}

/** One task of a server, in the order of the table: measured in rounds, or a row already decided. */
type Job = { row: BenchTaskResult } | { row: Omit<BenchTaskResult, 'state' | 'flagged'>; run: RoundTask; after?: () => void };

export async function runServerBench(options: ServerBenchOptions): Promise<ToolvetResult> {
  const startedAt = new Date().toISOString();
  const loadAtStart = os.loadavg().map((l) => Math.round(l * 100) / 100);
  const runQueue = sampleRunQueue();
  const host = loadHostConfig(options.config);
  const names = selectServers(host, options.servers ?? []);
  const callsFile: CallsFile = options.calls ? loadCallsFile(options.calls) : { file: '', calls: [] };
  const baseline = options.baseline ? loadBaseline(options.baseline) : undefined;
  const threshold = options.threshold ?? DEFAULT_THRESHOLD;
  const minEffectMs = options.minEffectMs ?? DEFAULT_MIN_EFFECT_MS;
  const kinds = new Set(options.kinds ?? BENCH_TASK_KINDS);
  const settings: MeasureSettings = { iterations: options.iterations ?? 50, timeMs: options.timeMs ?? 1000, warmup: 5 };
  const starts = options.starts ?? 10;
  const rounds = options.rounds ?? DEFAULT_ROUNDS;
  const allowTools = options.allowTools ?? [];
  const warnings: Diagnostic[] = [];
  const pool = await ServerPool.start(host, names, { timeouts: options.serverTimeouts });
  let tasks: BenchTaskResult[] = [];
  const machine: BenchMachine[] = [];
  /** Servers measured a second time because a task read noisy against the baseline. */
  const remeasured: string[] = [];
  try {
    const toolsByServer = new Map<string, ToolDefinition[]>();
    for (const name of names) if (pool.connection(name)) toolsByServer.set(name, pool.tools().filter((t) => t.server === name));
    const unused = checkCalls(callsFile, toolsByServer, Object.keys(host.servers));
    if (unused.length > 0) warnings.push({ code: 'W_BENCH_CALL_UNUSED', message: `calls file ${callsFile.file}: ${unused.join(', ')} not run: no selected server lists the tool`, hint: 'drop --server to benchmark every server of the config' });
    const routes = ToolRoutes.among([...toolsByServer.values()].flat());
    const unallowed = checkAllowTools(allowTools, toolsByServer, Object.keys(host.servers), routes);
    if (unallowed.length > 0) warnings.push({ code: 'W_BENCH_CALL_UNUSED', message: `--allow-tools ${unallowed.join(', ')}: no selected server lists the tool`, hint: 'drop --server to benchmark every server of the config' });
    for (const name of names) {
      const startError = pool.errors().find((e) => e.server === name);
      if (startError) {
        tasks.push(report(options, { server: name, task: 'cold start', kind: 'cold-start', state: 'errored', reason: startError.message, error: toErrorInfo(startError), flagged: false }));
        continue;
      }
      const tools = toolsByServer.get(name)!;
      const connected = async (): Promise<ServerConnection> => {
        const connection = await pool.ensure(name);
        if (!connection) throw new Error(`server "${name}" crashed and did not come back after one restart`);
        return connection;
      };
      const jobs: Job[] = [];
      const failedCalls = new Map<string, number>();
      if (kinds.has('cold-start')) {
        const entry = host.servers[name];
        const fn = async (): Promise<number> => {
          const started = performance.now();
          const connection = await ServerConnection.start(name, entry, options.serverTimeouts);
          const took = performance.now() - started;
          await connection.close();
          return took;
        };
        jobs.push({ row: { server: name, task: 'cold start', kind: 'cold-start' }, run: { name: 'cold start', fn, settings: { iterations: starts, timeMs: 0, warmup: 0 } } });
      }
      if (kinds.has('tools-list')) {
        jobs.push({ row: { server: name, task: 'tools/list', kind: 'tools-list' }, run: { name: 'tools/list', fn: async () => void (await (await connected()).listTools()), settings } });
      }
      if (kinds.has('tools-call')) {
        for (const call of planCalls(name, tools, callsFile.calls, allowTools, routes)) {
          if ('skipped' in call) {
            jobs.push({ row: { server: name, task: call.task, kind: 'tools-call', tool: call.tool, state: 'skipped', reason: call.skipped, flagged: false } });
            continue;
          }
          const allowedBy = call.allowedBy;
          const row = { server: name, task: call.task, kind: 'tools-call' as const, tool: call.tool, args: call.args, allowedBy } satisfies Job['row'];
          let errorResults = 0;
          let total = 0;
          let sample: Awaited<ReturnType<ServerConnection['callTool']>> | undefined;
          const once = async (): Promise<void> => {
            const result = await (await connected()).callTool(call.tool, call.args);
            total += 1;
            if (result.isError) errorResults += 1;
            sample ??= result;
          };
          // One timed call first: a tool that takes seconds per call (server-everything's
          // trigger-long-running-operation takes 10 s) would need minutes for 55 samples.
          const first = performance.now();
          const probe = await once().then(() => undefined, (error: unknown) => error);
          const firstMs = performance.now() - first;
          const slow = probe === undefined && firstMs > Math.max(settings.timeMs, SLOW_CALL_MS);
          if (slow) {
            warnings.push({
              code: 'W_BENCH_SLOW_TASK',
              server: name,
              message: `${name} ${call.task} took ${Math.round(firstMs)} ms for one call, so it is timed over ${SLOW_SAMPLES} samples instead of ${settings.iterations}`,
              hint: `leave ${call.tool} out with --calls, or pass arguments that make it fast, for a tighter figure`,
            });
          }
          const after = (): void => {
            if (errorResults > 0) failedCalls.set(call.task, errorResults);
            // The one structured-result check probe and scenarios use, on one result (kept out of the timed loop).
            const definition = tools.find((t) => t.name === call.tool);
            const structured = sample && definition ? structuredWarning(name, call.task, definition, sample) : undefined;
            if (structured) warnings.push(structured);
            if (errorResults > 0) {
              warnings.push({
                code: 'W_BENCH_ERROR_RESULT',
                server: name,
                message: `${name} ${call.task}: ${errorResults} of ${total} calls returned isError, so this row times the failure path${call.synthesized ? ' (arguments built from the schema)' : ''}`,
                hint: call.synthesized ? `list ${call.tool} in --calls with arguments that succeed` : `change its args in --calls if the success path is the one to time`,
              });
            }
          };
          jobs.push({ row, run: { name: call.task, fn: once, settings: slow ? { iterations: SLOW_SAMPLES, timeMs: 0, warmup: 0 } : settings }, after });
        }
      }
      if (kinds.has('model-turn') && options.model) {
        const model = options.model;
        const prompt = options.prompt ?? defaultPrompt(tools);
        const fn = async (): Promise<void> => void (await model.complete({ messages: [{ role: 'user', content: prompt }], tools, toolChoice: 'auto' }));
        jobs.push({ row: { server: name, task: 'model turn', kind: 'model-turn' }, run: { name: 'model turn', fn, settings } });
      }
      const measured = jobs.flatMap((j) => ('run' in j ? [j.run] : []));
      // The machine's references, in the same rounds: one start per round at least, and for warm
      // calls a byte echoed by a child process, sampled as a warm task is.
      const reference: RoundTask = { name: '\u0000machine', fn: nodeStart, settings: { iterations: Math.max(starts, rounds), timeMs: 0, warmup: 0 } };
      const warm = jobs.some((j) => 'run' in j && (j.row.kind === 'tools-list' || j.row.kind === 'tools-call'));
      const roundTrip = warm ? startRoundTrip() : undefined;
      const echo: RoundTask[] = roundTrip ? [{ name: '\u0000echo', fn: roundTrip.time, settings }] : [];
      const all = measured.length > 0 ? [reference, ...echo, ...measured] : [];
      const machineNow = (outcomes: Map<string, RoundOutcome>): BenchMachine | undefined => machineOf(name, outcomes.get(reference.name), outcomes.get('\u0000echo'));
      const rows = (outcomes: Map<string, RoundOutcome>): BenchTaskResult[] => jobs.flatMap((job) => ('run' in job ? [rowOf(job.row, outcomes.get(job.run.name)!)] : []));
      let outcomes: Map<string, RoundOutcome>;
      try {
        outcomes = await runRounds(all, rounds);
        // A slowdown past the minimum effect that the rounds do not support: measure the server again,
        // as many rounds more, before judging (more rounds, more power against a burst of load).
        const first = machineNow(outcomes);
        if (baseline && first && compareServers(rows(outcomes), baseline, threshold, minEffectMs, [first]).tasks.some((t) => t.change === 'noisy')) {
          const before = new Map([...outcomes].flatMap(([task, o]) => (o.state === 'completed' ? [[task, o.rounds] as const] : [])));
          outcomes = await runRounds(all.filter((t) => before.has(t.name)), rounds, undefined, before);
          remeasured.push(name);
        }
      } finally {
        roundTrip?.close();
      }
      const own = machineNow(outcomes);
      if (own) machine.push(own);
      for (const job of jobs) {
        if (!('run' in job)) {
          tasks.push(report(options, job.row));
          continue;
        }
        job.after?.();
        const row = rowOf(job.row, outcomes.get(job.run.name)!);
        const failed = failedCalls.get(job.run.name);
        tasks.push(report(options, failed && row.state === 'completed' ? { ...row, errorResults: failed } : row));
      }
    }
  } finally {
    await pool.close();
  }
  const loadAverage = os.loadavg().map((l) => Math.round(l * 100) / 100);
  const runnable = runQueue.stop();
  if (baseline) {
    const compared = compareServers(tasks, baseline, threshold, minEffectMs, machine);
    tasks = compared.tasks;
    const slowerMachine = compared.slowerMachine;
    // Slower past the minimum effect but not past the noise (a noisy speed-up fails nothing).
    const noisy = tasks.filter((t) => t.change === 'noisy' && (t.ratio ?? 0) > 1 && remeasured.includes(t.server)).map((t) => `${t.server} ${t.task}`);
    if (noisy.length > 0) {
      warnings.push({
        code: 'W_BENCH_TOO_NOISY',
        message: `${noisy.join(', ')}: past the minimum effect, but still within the noise after ${2 * rounds} rounds: this machine is too busy to judge ${noisy.length === 1 ? 'it' : 'them'}, so the gate did not fail`,
        hint: 'rerun on a quieter machine (or the same CI runner type as the baseline), or raise --rounds',
      });
    }
    for (const [server, ratio] of slowerMachine) {
      if (ratio > 1) warnings.push({ code: 'W_BENCH_MACHINE_SLOWER', server, message: `${server}: the machine's reference (starting node -e "") took ${ratio.toFixed(2)}x as long as for the baseline, beyond the noise: ${server}'s ratios are divided by ${ratio.toFixed(2)} before the threshold`, hint: 'compare runs taken on a quiet machine, or on the same CI runner type' });
    }
    const missing = tasks.filter((t) => t.state === 'completed' && t.ratio === undefined).map((t) => `${t.server} ${t.task}`);
    // The higher of the load at the start and at the end: a run is as noisy as its busiest part.
    const busier = loadWarning(baseline, { loadPerCpu: Math.max(loadAtStart[0], loadAverage[0]) / os.availableParallelism(), ...(runnable !== undefined ? { runnablePerCpu: runnable / os.availableParallelism() } : {}) }, os.availableParallelism());
    if (busier) warnings.push({ code: 'W_BENCH_LOAD_CHANGED', message: busier, hint: 'compare runs taken on a quiet machine, or on the same CI runner type' });
    if (missing.length > 0) warnings.push({ code: 'W_BENCH_NO_BASELINE', message: `not in the baseline ${baseline.file}: ${missing.join(', ')}`, hint: 'save a new baseline with --save once these tasks are expected' });
    const oldRounds = tasks.filter((t) => t.baseline && (t.baseline.roundMediansMs?.length ?? 0) < 2).map((t) => `${t.server} ${t.task}`);
    if (oldRounds.length > 0) warnings.push({ code: 'W_BENCH_BASELINE_NO_ROUNDS', message: `the baseline ${baseline.file} has no round medians for ${oldRounds.join(', ')}: their noise comes from this run alone`, hint: 'save a new baseline with this version (--save)' });
    const changed = changedArguments(tasks, baseline);
    if (changed.length > 0) warnings.push({ code: 'W_BENCH_ARGS_CHANGED', message: `${changed.join(', ')}: called with other arguments than in the baseline, so the ratio compares two different calls`, hint: 'keep the calls file (or the tool schema) of the baseline, or save a new baseline' });
  }
  const bench: BenchSection = {
    threshold,
    minEffectMs,
    ...(baseline ? { baselineFile: baseline.file } : {}),
    settings: { iterations: settings.iterations, timeMs: settings.timeMs, starts, rounds },
    environment: { node: process.version, platform: process.platform, arch: process.arch, cpus: os.availableParallelism(), loadAverage, loadAverageAtStart: loadAtStart, ...(runnable !== undefined ? { runnable } : {}) },
    tasks,
    ...(machine.length > 0 ? { machine } : {}),
    ...(remeasured.length > 0 ? { remeasured } : {}),
  };
  const startFailed = new Set(pool.errors().map((e) => e.server));
  const errors = [
    ...pool.errors().map(toErrorInfo),
    ...tasks.filter((t) => t.state === 'errored' && !startFailed.has(t.server)).map((t) => t.error ?? { code: 'E_SERVER_CRASH' as const, message: `${t.server} ${t.task}: ${t.reason}`, server: t.server }),
  ];
  const flagged = tasks.filter((t) => t.flagged);
  const reasons = [
    ...errors.map((e) => `${e.code}: ${e.message}`),
    ...flagged.map((t) => `${t.server} ${t.task} is ${t.ratio!.toFixed(2)}x the baseline (median ${t.baseline!.medianMs!.toFixed(2)} -> ${median(t.roundMediansMs!).toFixed(2)} ms): past the minimum effect (${threshold}x and ${minEffectMs} ms${t.machineRatio ? `, after dividing by the machine's own ${t.machineRatio.toFixed(2)}x` : ''})${t.fastestRatio !== undefined ? `, the fastest call ${t.fastestRatio.toFixed(2)}x too` : ''}, and its ${t.roundMediansMs!.length} rounds rank above the baseline's ${t.baseline!.roundMediansMs!.length}${t.p !== undefined ? ` (p = ${t.p.toPrecision(2)})` : ''}`),
  ];
  return {
    ...resultHeader('bench', startedAt),
    // A server that was not reached was not measured: the result is partial.
    complete: startFailed.size === 0,
    verdict: { status: errors.length > 0 ? 'error' : flagged.length > 0 ? 'fail' : 'pass', reasons },
    ...(options.model && kinds.has('model-turn') ? { model: options.model.id } : {}),
    servers: pool.info(),
    bench,
    warnings,
    errors,
  };
}

function report(options: ServerBenchOptions, task: BenchTaskResult): BenchTaskResult {
  options.onTask?.(task);
  return task;
}

function rowOf(row: Omit<BenchTaskResult, 'state' | 'flagged'>, outcome: RoundOutcome): BenchTaskResult {
  if (outcome.state === 'completed') return { ...row, state: 'completed', ...outcome.stats, flagged: false };
  const error = toErrorInfo(outcome.error);
  return { ...row, state: 'errored', reason: error.message, error, flagged: false };
}

/** A request that should pick the first tool: the first sentence of its description. */
function defaultPrompt(tools: readonly ToolDefinition[]): string {
  const first = tools[0];
  if (!first) return 'Hello.';
  const sentence = (first.description ?? first.name).split(/(?<=[.!?])\s/)[0];
  return `Please help: ${sentence}`;
}
