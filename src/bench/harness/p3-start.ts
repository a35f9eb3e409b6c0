/**
 * P3 (restated in issue 18): Toolvet starting N servers (ServerPool: spawn, `server/discover`
 * probe, initialize, tools/list) against bare SDK clients starting the same N servers at the same
 * concurrency, in the same process and run. The baseline is the v2 `Client` + `StdioClientTransport`
 * that Toolvet builds on, in its default mode (the plain 2025 `initialize` handshake, no probe: the
 * least any client does). Also measured: the same client negotiating (`versionNegotiation: 'auto'`,
 * which on the SDK's own stdio transport probes on a second, short-lived process per server) and the
 * v1 `@modelcontextprotocol/sdk` client. Server start-up is mostly the servers' own CPU (node boot, SDK
 * import), the same floor for every side; the ratio is what Toolvet adds to it. Rounds rotate which
 * side goes first; the figure is the median of per-round ratios against the baseline.
 */
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as StdioClientTransportV1 } from '@modelcontextprotocol/sdk/client/stdio.js';
import { existsSync } from 'node:fs';
import { ServerPool, type HostConfig } from 'toolvet';
import { fixture, median, type Figure } from './workload.ts';

type Side = 'toolvet' | 'sdk-v2' | 'sdk-v2-auto' | 'sdk-v1';
const SIDES: readonly Side[] = ['toolvet', 'sdk-v2', 'sdk-v2-auto', 'sdk-v1'];

/**
 * Toolvet starts each server in a session of its own (a process group it can end whole). Under
 * Linux's autogroup scheduling a new session is also a scheduling group of its own, which on a busy
 * machine gives those servers a larger share of the CPU than children left in our session. The bare
 * clients' servers are started through `setsid` (it execs node in a new session, nothing more), so
 * every side's servers are scheduled alike and the comparison measures the clients.
 */
const SETSID = process.platform === 'linux' && existsSync('/usr/bin/setsid') ? '/usr/bin/setsid' : undefined;

/** A bare client's whole start of one server: connect (spawn + initialize) and tools/list. */
interface BareStart {
  tools: number;
  close: () => Promise<void>;
}

async function startV2(command: string, args: string[], mode: 'legacy' | 'auto'): Promise<BareStart> {
  const client = new Client({ name: 'bare', version: '1.0.0' }, { capabilities: {}, ...(mode === 'auto' ? { versionNegotiation: { mode } } : {}) });
  await client.connect(new StdioClientTransport({ command, args, stderr: 'pipe' }));
  const { tools } = await client.listTools();
  return { tools: tools.length, close: () => client.close() };
}

async function startV1(command: string, args: string[]): Promise<BareStart> {
  const client = new ClientV1({ name: 'bare', version: '1.0.0' }, { capabilities: {} });
  await client.connect(new StdioClientTransportV1({ command, args, stderr: 'pipe' }));
  const { tools } = await client.listTools();
  return { tools: tools.length, close: () => client.close() };
}

/** Runs `tasks` with at most `concurrency` at once (the pool's p-limit, for the bare sides). */
async function limited<T>(tasks: Array<() => Promise<T>>, concurrency: number): Promise<T[]> {
  const out: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < tasks.length) {
      const i = next++;
      out[i] = await tasks[i]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, tasks.length) }, worker));
  return out;
}

/** Milliseconds one side takes to have all `count` servers started and their tools listed (closing is not timed). */
async function timeSide(side: Side, count: number, concurrency: number): Promise<number> {
  const command = process.execPath;
  const args = [fixture('servers/echo.mjs')];
  const names = Array.from({ length: count }, (_, i) => `echo-${i + 1}`);
  if (side === 'toolvet') {
    const config: HostConfig = { file: '(bench)', shape: 'bare', servers: Object.fromEntries(names.map((n) => [n, { command, args }])), resolved: [], skipped: [] };
    const started = performance.now();
    const pool = await ServerPool.start(config, names, { concurrency });
    const ms = performance.now() - started;
    const errors = pool.errors();
    const tools = pool.tools().length;
    await pool.close();
    if (errors.length > 0) throw errors[0];
    if (tools !== count) throw new Error(`P3 toolvet: listed ${tools} tools from ${count} echo servers`);
    return ms;
  }
  const [bareCommand, bareArgs] = SETSID ? [SETSID, [command, ...args]] : [command, args];
  const start = (): Promise<BareStart> => (side === 'sdk-v1' ? startV1(bareCommand, bareArgs) : startV2(bareCommand, bareArgs, side === 'sdk-v2-auto' ? 'auto' : 'legacy'));
  const started = performance.now();
  const results = await limited(names.map(() => start), concurrency);
  const ms = performance.now() - started;
  await Promise.all(results.map((r) => r.close()));
  const tools = results.reduce((n, r) => n + r.tools, 0);
  if (tools !== count) throw new Error(`P3 ${side}: listed ${tools} tools from ${count} echo servers`);
  return ms;
}

export async function benchP3(options: { rounds?: number; servers?: number; concurrency?: number } = {}): Promise<Figure[]> {
  const rounds = options.rounds ?? 6;
  const count = options.servers ?? 10;
  const concurrency = options.concurrency ?? count;
  // One unmeasured start per side: the file cache holds node, the fixture and each client's modules afterwards.
  for (const side of SIDES) await timeSide(side, 1, 1);
  const times: Record<Side, number[]> = { toolvet: [], 'sdk-v2': [], 'sdk-v2-auto': [], 'sdk-v1': [] };
  for (let round = 0; round < rounds; round++) {
    const order = SIDES.map((_, i) => SIDES[(i + round) % SIDES.length]);
    for (const side of order) times[side].push(await timeSide(side, count, concurrency));
  }
  const ratios = (baseline: Side): number[] => times.toolvet.map((t, i) => t / times[baseline][i]);
  const ratio = median(ratios('sdk-v2'));
  const ms = (side: Side): string => `${median(times[side]).toFixed(0)} ms`;
  const list = (xs: number[]): string => xs.map((r) => r.toFixed(2)).join(' ');
  return [
    {
      id: 'P3',
      what: `${count} servers started at concurrency ${concurrency} (spawn, initialize, tools/list): ServerPool vs the bare v2 SDK Client`,
      value: ratio,
      unit: 'x',
      target: '<= 1.1x',
      met: ratio <= 1.1,
      detail: `medians of ${rounds} rounds, order rotated: toolvet ${ms('toolvet')}; bare v2 Client ${ms('sdk-v2')} (per-round ratios ${list(ratios('sdk-v2'))}); the same negotiating ${ms('sdk-v2-auto')} (toolvet ${median(ratios('sdk-v2-auto')).toFixed(2)}x); bare v1 @modelcontextprotocol/sdk Client ${ms('sdk-v1')} (toolvet ${median(ratios('sdk-v1')).toFixed(2)}x)${SETSID ? '; bare sides\' servers started through setsid, as Toolvet starts its own in a new session' : ''}`,
    },
  ];
}
