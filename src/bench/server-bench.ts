/**
 * `toolproof bench` end to end: load every input first, start the servers, then benchmark one server
 * at a time (so tasks never compete with each other): cold start, tools/list, each planned tools/call,
 * and a model turn when a model is given. Compared with a baseline when one is given.
 */
import os from 'node:os';
import { loadHostConfig, selectServers } from '../config/host-config.ts';
import { toErrorInfo } from '../errors.ts';
import { type BenchSection, type BenchTaskResult, type Diagnostic, type ToolproofResult } from '../report/model.ts';
import { ServerConnection, type ServerTimeouts } from '../servers/server-connection.ts';
import { ServerPool } from '../servers/server-pool.ts';
import type { ModelDriver, ToolDefinition } from '../types.ts';
import { compareToBaseline, DEFAULT_THRESHOLD, loadBaseline, loadWarning } from './baseline.ts';
import { checkCalls, planCalls } from './call-plan.ts';
import { loadCallsFile, type CallsFile } from './calls-file.ts';
import { measure, type MeasureOutcome, type MeasureSettings } from './measure.ts';
import { resultHeader } from '../report/result-header.ts';
import { structuredWarning } from './structured-warning.ts';

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
  onTask?: (task: BenchTaskResult) => void;
}

export async function runServerBench(options: ServerBenchOptions): Promise<ToolproofResult> {
  const startedAt = new Date().toISOString();
  const host = loadHostConfig(options.config);
  const names = selectServers(host, options.servers ?? []);
  const callsFile: CallsFile = options.calls ? loadCallsFile(options.calls) : { file: '', calls: [] };
  const baseline = options.baseline ? loadBaseline(options.baseline) : undefined;
  const threshold = options.threshold ?? DEFAULT_THRESHOLD;
  const kinds = new Set(options.kinds ?? BENCH_TASK_KINDS);
  const settings: MeasureSettings = { iterations: options.iterations ?? 50, timeMs: options.timeMs ?? 1000, warmup: 5 };
  const starts = options.starts ?? 10;
  const warnings: Diagnostic[] = [];
  const pool = await ServerPool.start(host, names, { timeouts: options.serverTimeouts });
  let tasks: BenchTaskResult[] = [];
  const push = (task: BenchTaskResult): void => {
    tasks.push(task);
    options.onTask?.(task);
  };
  try {
    const toolsByServer = new Map<string, ToolDefinition[]>();
    for (const name of names) if (pool.connection(name)) toolsByServer.set(name, pool.tools().filter((t) => t.server === name));
    const unused = checkCalls(callsFile, toolsByServer, Object.keys(host.servers));
    if (unused.length > 0) warnings.push({ code: 'W_BENCH_CALL_UNUSED', message: `calls file ${callsFile.file}: ${unused.join(', ')} not run: no selected server lists the tool`, hint: 'drop --server to benchmark every server of the config' });
    for (const name of names) {
      const startError = pool.errors().find((e) => e.server === name);
      if (startError) {
        push({ server: name, task: 'cold start', kind: 'cold-start', state: 'errored', reason: startError.message, error: toErrorInfo(startError), flagged: false });
        continue;
      }
      const tools = toolsByServer.get(name)!;
      const row = (task: string, kind: BenchTaskKind, outcome: MeasureOutcome, tool?: string): BenchTaskResult =>
        outcome.state === 'completed'
          ? { server: name, task, kind, ...(tool ? { tool } : {}), state: 'completed', ...outcome.stats, flagged: false }
          : { server: name, task, kind, ...(tool ? { tool } : {}), state: 'errored', reason: toErrorInfo(outcome.error).message, error: toErrorInfo(outcome.error), flagged: false };
      if (kinds.has('cold-start')) {
        const entry = host.servers[name];
        const outcome = await measure(
          `${name} cold start`,
          async () => {
            const started = performance.now();
            const connection = await ServerConnection.start(name, entry, options.serverTimeouts);
            const took = performance.now() - started;
            await connection.close();
            return took;
          },
          { iterations: starts, timeMs: 0, warmup: 0 },
        );
        push(row('cold start', 'cold-start', outcome));
      }
      if (kinds.has('tools-list')) {
        const connection = await pool.ensure(name);
        push(connection ? row('tools/list', 'tools-list', await measure(`${name} tools/list`, async () => void (await connection.listTools()), settings)) : gone(name, 'tools/list', 'tools-list'));
      }
      if (kinds.has('tools-call')) {
        for (const call of planCalls(name, tools, callsFile.calls)) {
          if ('skipped' in call) {
            push({ server: name, task: call.task, kind: 'tools-call', tool: call.tool, state: 'skipped', reason: call.skipped, flagged: false });
            continue;
          }
          const connection = await pool.ensure(name);
          if (!connection) {
            push(gone(name, call.task, 'tools-call', call.tool));
            continue;
          }
          let errorResults = 0;
          let total = 0;
          let sample: Awaited<ReturnType<typeof connection.callTool>> | undefined;
          const once = async (): Promise<void> => {
            const result = await connection.callTool(call.tool, call.args);
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
          const outcome = await measure(`${name} ${call.task}`, once, slow ? { iterations: SLOW_SAMPLES, timeMs: 0, warmup: 0 } : settings);
          push(row(call.task, 'tools-call', outcome, call.tool));
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
        }
      }
      if (kinds.has('model-turn') && options.model) {
        const model = options.model;
        const prompt = options.prompt ?? defaultPrompt(tools);
        const outcome = await measure(
          `${name} model turn`,
          async () => void (await model.complete({ messages: [{ role: 'user', content: prompt }], tools, toolChoice: 'auto' })),
          settings,
        );
        push(row('model turn', 'model-turn', outcome));
      }
    }
  } finally {
    await pool.close();
  }
  if (baseline) {
    tasks = compareToBaseline(tasks, baseline, threshold);
    const missing = tasks.filter((t) => t.state === 'completed' && t.ratio === undefined).map((t) => `${t.server} ${t.task}`);
    const busier = loadWarning(baseline, os.loadavg()[0] / os.availableParallelism());
    if (busier) warnings.push({ code: 'W_BENCH_LOAD_CHANGED', message: busier, hint: 'compare runs taken on a quiet machine, or on the same CI runner type' });
    if (missing.length > 0) warnings.push({ code: 'W_BENCH_NO_BASELINE', message: `not in the baseline ${baseline.file}: ${missing.join(', ')}`, hint: 'save a new baseline with --save once these tasks are expected' });
  }
  const bench: BenchSection = {
    threshold,
    ...(baseline ? { baselineFile: baseline.file } : {}),
    settings: { iterations: settings.iterations, timeMs: settings.timeMs, starts },
    environment: { node: process.version, platform: process.platform, arch: process.arch, cpus: os.availableParallelism(), loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100) },
    tasks,
  };
  const startFailed = new Set(pool.errors().map((e) => e.server));
  const errors = [
    ...pool.errors().map(toErrorInfo),
    ...tasks.filter((t) => t.state === 'errored' && !startFailed.has(t.server)).map((t) => t.error ?? { code: 'E_SERVER_CRASH' as const, message: `${t.server} ${t.task}: ${t.reason}`, server: t.server }),
  ];
  const flagged = tasks.filter((t) => t.flagged);
  const reasons = [
    ...errors.map((e) => `${e.code}: ${e.message}`),
    ...flagged.map((t) => `${t.server} ${t.task} is ${t.ratio!.toFixed(2)}x the baseline (${t.baseline!.meanMs.toFixed(2)} -> ${t.meanMs!.toFixed(2)} ms), over the ${threshold}x threshold and outside the margins of error`),
  ];
  return {
    ...resultHeader('bench', startedAt),
    complete: true,
    verdict: { status: errors.length > 0 ? 'error' : flagged.length > 0 ? 'fail' : 'pass', reasons },
    ...(options.model && kinds.has('model-turn') ? { model: options.model.id } : {}),
    servers: pool.info(),
    bench,
    warnings,
    errors,
  };
}

function gone(server: string, task: string, kind: BenchTaskKind, tool?: string): BenchTaskResult {
  return { server, task, kind, ...(tool ? { tool } : {}), state: 'errored', reason: `server "${server}" crashed and did not come back after one restart`, flagged: false };
}

/** A request that should pick the first tool: the first sentence of its description. */
function defaultPrompt(tools: readonly ToolDefinition[]): string {
  const first = tools[0];
  if (!first) return 'Hello.';
  const sentence = (first.description ?? first.name).split(/(?<=[.!?])\s/)[0];
  return `Please help: ${sentence}`;
}
