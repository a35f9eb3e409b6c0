/** The whole `probe` command as a library call: start the servers, probe each, wrap the report in the result model. */
import pLimit from 'p-limit';
import { loadHostConfig, selectServers } from '../config/host-config.ts';
import { toErrorInfo } from '../errors.ts';
import type { ToolproofResult, VerdictStatus } from '../report/model.ts';
import type { ServerTimeouts } from '../servers/server-connection.ts';
import { ServerPool } from '../servers/server-pool.ts';
import { probeServer } from './probe-server.ts';
import { surfaceStatuses } from './surface-probe.ts';
import type { ProbeReport, ServerProbe } from './types.ts';
import { resultHeader } from '../report/result-header.ts';

export interface ProbeRunOptions {
  config: string;
  servers?: string[];
  allowDestructive?: boolean;
  timeouts?: Partial<ServerTimeouts>;
  /** Servers probed at once (calls to one server are always one at a time). */
  concurrency?: number;
}

/** Probe calls are expected to fail fast; 10 s is plenty unless the user says otherwise. */
export const DEFAULT_PROBE_CALL_TIMEOUT_MS = 10_000;

export function summarise(servers: ServerProbe[], allowDestructive: boolean): ProbeReport {
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
  return {
    allowDestructive,
    servers,
    summary: {
      servers: servers.length,
      toolsProbed: servers.reduce((n, s) => n + s.toolProbes.filter((t) => t.state === 'probed').length, 0),
      toolsSkipped: servers.reduce((n, s) => n + s.toolProbes.filter((t) => t.state === 'skipped').length, 0),
      ...counts,
    },
    conforms: probed.length > 0 && probed.every((s) => s.status !== 'fail'),
  };
}

export async function runProbe(options: ProbeRunOptions): Promise<ToolproofResult> {
  const startedAt = new Date().toISOString();
  const config = loadHostConfig(options.config);
  const names = selectServers(config, options.servers ?? []);
  const timeouts = { callMs: DEFAULT_PROBE_CALL_TIMEOUT_MS, ...options.timeouts };
  const pool = await ServerPool.start(config, names, { timeouts });
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
            { allowDestructive, callTimeoutMs: timeouts.callMs, connection: () => pool.ensure(name) },
          );
        }),
      ),
    );
  } finally {
    await pool.close();
  }
  const probe = summarise(servers, allowDestructive);
  const errors = servers.flatMap((s) => (s.error ? [s.error] : []));
  const status: VerdictStatus = errors.length > 0 ? 'error' : probe.conforms ? 'pass' : 'fail';
  const reasons = [
    ...errors.map((e) => `${e.server ?? 'server'}: ${e.message}`),
    ...servers.filter((s) => s.state === 'probed' && s.status === 'fail').map((s) => `${s.server}: a conformance check failed`),
  ];
  return {
    ...resultHeader('probe', startedAt),
    complete: true,
    verdict: { status, reasons },
    servers: pool.info(),
    probe,
    warnings: [],
    errors,
  };
}
