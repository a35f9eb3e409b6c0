/** The whole `probe` command as a library call: start the servers, probe each, wrap the report in the result model. */
import pLimit from 'p-limit';
import { loadHostConfig, selectServers } from '../config/host-config.ts';
import { toErrorInfo, ToolvetError } from '../errors.ts';
import { loadBaseline } from './conformance-baseline.ts';
import { conformancePasses, conformanceScenarios, judgeConformance } from './conformance.ts';
import type { ToolvetResult, VerdictStatus } from '../report/model.ts';
import { DEFAULT_SERVER_TIMEOUTS, type ServerTimeouts } from '../servers/server-connection.ts';
import { ServerPool } from '../servers/server-pool.ts';
import { probeServer } from './probe-server.ts';
import { surfaceStatuses } from './surface-probe.ts';
import type { ArgumentVerdict, ProbeReport, ServerProbe } from './types.ts';

const VERDICTS: ArgumentVerdict[] = ['rejected', 'accepted-then-failed', 'accepted', 'timed-out', 'crashed', 'unclear'];
import { resultHeader } from '../report/result-header.ts';

export interface ProbeRunOptions {
  config: string;
  servers?: string[];
  allowDestructive?: boolean;
  timeouts?: Partial<ServerTimeouts>;
  /** Servers probed at once (calls to one server are always one at a time). */
  concurrency?: number;
  /** Protocol checks only, by scenario, selected by what each server declares (`--conformance`). */
  conformance?: boolean;
  /** The expected-failures baseline of a conformance run (`--expected-failures FILE`). */
  expectedFailures?: string;
}

export function summarise(servers: ServerProbe[], allowDestructive: boolean, callTimeoutMs: number = DEFAULT_SERVER_TIMEOUTS.callMs): ProbeReport {
  const counts = { pass: 0, warn: 0, fail: 0 };
  const add = (status: string): void => {
    if (status === 'pass' || status === 'warn' || status === 'fail') counts[status] += 1;
  };
  for (const s of servers) {
    for (const check of [s.listStable, s.schemasWellFormed, s.unknownTool, s.echo]) if (check) add(check.status);
    for (const t of s.toolProbes) for (const p of t.probes) add(p.status);
    for (const status of surfaceStatuses(s)) add(status);
  }
  const probed = servers.filter((s) => s.state === 'probed');
  const verdicts = Object.fromEntries(VERDICTS.map((v) => [v, 0])) as Record<ArgumentVerdict, number>;
  for (const s of servers) for (const t of s.toolProbes) if (t.verdict) verdicts[t.verdict] += 1;
  const unprobed = servers.filter((s) => s.state !== 'probed').map((s) => ({ server: s.server, ...(s.error?.code ? { code: s.error.code } : {}), message: s.error?.message ?? 'the server is gone' }));
  return {
    allowDestructive,
    callTimeoutMs,
    servers,
    summary: {
      servers: servers.length,
      toolsProbed: servers.reduce((n, s) => n + s.toolProbes.filter((t) => t.state === 'probed').length, 0),
      toolsSkipped: servers.reduce((n, s) => n + s.toolProbes.filter((t) => t.state === 'skipped').length, 0),
      ...counts,
      verdicts,
    },
    unprobed,
    // A server that could not be probed is no evidence either way: the run does not conform.
    conforms: probed.length > 0 && unprobed.length === 0 && probed.every((s) => s.status !== 'fail'),
  };
}

export async function runProbe(options: ProbeRunOptions): Promise<ToolvetResult> {
  const startedAt = new Date().toISOString();
  const config = loadHostConfig(options.config);
  const names = selectServers(config, options.servers ?? []);
  if (options.expectedFailures && !options.conformance) throw new ToolvetError('E_USAGE', '--expected-failures is a baseline for --conformance', { hint: 'add --conformance, or leave --expected-failures out' });
  // A baseline that does not load costs no server start.
  const baseline = options.expectedFailures ? loadBaseline(options.expectedFailures) : undefined;
  const unknown = Object.keys(baseline?.servers ?? {}).filter((n) => !names.includes(n));
  if (unknown.length > 0) {
    throw new ToolvetError('E_FILE_INVALID', `expected-failures file ${options.expectedFailures}: $.servers.${unknown[0]} names a server this run does not probe (probed: ${names.join(', ')})`, { file: options.expectedFailures, path: `$.servers.${unknown[0]}`, hint: 'use a server name from the host config, or --server to select it' });
  }
  const timeouts = { ...DEFAULT_SERVER_TIMEOUTS, ...options.timeouts };
  // Declared like a host that can ask its user: servers list the tools that ask for input, and probe sees the requests (input-probe.ts).
  const pool = await ServerPool.start(config, names, { timeouts, answerInput: true });
  const allowDestructive = options.allowDestructive ?? false;
  let servers: ServerProbe[];
  try {
    const limit = pLimit(options.concurrency ?? 4);
    const tools = pool.tools();
    const failed = new Map(pool.errors().map((e) => [e.server, e]));
    servers = await Promise.all(
      names.map((name) =>
        limit(async (): Promise<ServerProbe> => {
          const error = failed.get(name);
          if (error) return { server: name, state: 'errored', error: toErrorInfo(error), tools: 0, toolProbes: [], status: 'fail' };
          return probeServer(
            name,
            tools.filter((t) => t.server === name),
            { allowDestructive, callTimeoutMs: timeouts.callMs, connection: () => pool.ensure(name), ...(options.conformance ? { conformance: true } : {}) },
          );
        }),
      ),
    );
  } finally {
    await pool.close();
  }
  const probe = summarise(servers, allowDestructive, timeouts.callMs);
  if (options.conformance) {
    const selected = servers.filter((s) => s.state === 'probed').map((s) => ({ server: s.server, scenarios: conformanceScenarios(s, declared(s)) }));
    probe.conformance = judgeConformance(selected, baseline, options.expectedFailures);
  }
  const errors = servers.flatMap((s) => (s.error ? [s.error] : []));
  const passes = probe.conformance ? conformancePasses(probe.conformance) && probe.unprobed.length === 0 : probe.conforms;
  const status: VerdictStatus = errors.length > 0 ? 'error' : passes ? 'pass' : 'fail';
  const reasons = [
    ...errors.map((e) => `${e.server ?? 'server'} was not probed: ${e.message}${e.hint ? ` (${e.hint})` : ''}`),
    ...(probe.conformance
      ? [...probe.conformance.unexpectedFailures.map((f) => `${f}: failed, and the baseline does not list it`), ...probe.conformance.staleEntries.map((f) => `${f}: listed in the baseline but passes now; remove it`)]
      : servers.filter((s) => s.state === 'probed' && s.status === 'fail').map((s) => `${s.server}: a conformance check failed`)),
  ];
  return {
    ...resultHeader('probe', startedAt),
    // A server that was not reached was not probed: the result is partial.
    complete: errors.length === 0,
    verdict: { status, reasons },
    servers: pool.info(),
    probe,
    warnings: [],
    errors,
  };
}

/** What a probed server declared, as conformance selects scenarios by it. */
function declared(s: ServerProbe): { tools: boolean; resources: boolean; prompts: boolean } {
  const caps = new Set(s.capabilities ?? []);
  return { tools: caps.has('tools') || s.tools > 0, resources: caps.has('resources'), prompts: caps.has('prompts') };
}
