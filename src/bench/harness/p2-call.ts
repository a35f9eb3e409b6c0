/**
 * P2: `tools/call` of the echo fixture through Toolvet's ServerConnection against the SDK Client
 * used bare, each on its own echo process, measured by tinybench in the same run. Many short rounds
 * alternate which side goes first, so a neighbour's load lands on both sides alike; the ratio is the
 * median of per-round ratios of the means.
 */
import { existsSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Bench } from 'tinybench';
import { ServerConnection } from 'toolvet';
import { fixture, median, type Figure } from './workload.ts';

export async function benchP2(options: { rounds?: number; timeMs?: number } = {}): Promise<Figure[]> {
  const rounds = options.rounds ?? 12;
  const entry = { command: process.execPath, args: [fixture('servers/echo.mjs')] };
  const connection = await ServerConnection.start('echo', entry);
  // The same v2 client and era negotiation as ServerConnection, used bare.
  const client = new Client({ name: 'bare', version: '1.0.0' }, { capabilities: {}, versionNegotiation: { mode: 'auto' } });
  // Toolvet starts its server in a session of its own, which Linux's autogroup scheduling also makes
  // a scheduling group of its own; the bare side's server gets the same through setsid (see P3).
  const setsid = process.platform === 'linux' && existsSync('/usr/bin/setsid');
  await client.connect(new StdioClientTransport({ command: setsid ? '/usr/bin/setsid' : entry.command, args: setsid ? [entry.command, ...entry.args] : entry.args, stderr: 'pipe' }));
  const args = { text: 'hello world' };
  const tasks = {
    toolvet: async () => void (await connection.callTool('echo', args)),
    bare: async () => void (await client.callTool({ name: 'echo', arguments: args })),
  };
  const means: Record<keyof typeof tasks, number[]> = { toolvet: [], bare: [] };
  const samples: Record<keyof typeof tasks, number> = { toolvet: 0, bare: 0 };
  try {
    for (let round = 0; round < rounds; round++) {
      const bench = new Bench({ time: options.timeMs ?? 250, iterations: 50, warmupIterations: 20, warmupTime: 50, throws: true });
      const order = round % 2 === 0 ? (['bare', 'toolvet'] as const) : (['toolvet', 'bare'] as const);
      for (const side of order) bench.add(side, tasks[side], { async: true });
      for (const task of await bench.run()) {
        if (task.result.state !== 'completed') throw new Error(`P2 ${task.name}: ${task.result.state}`);
        means[task.name as keyof typeof tasks].push(task.result.latency.mean);
        samples[task.name as keyof typeof tasks] += task.result.latency.samplesCount;
      }
    }
  } finally {
    await connection.close();
    await client.close();
  }
  const ratios = means.toolvet.map((t, i) => t / means.bare[i]);
  const ratio = median(ratios);
  const fmt = (xs: number[]): string => `${(median(xs) * 1000).toFixed(0)}`;
  return [
    {
      id: 'P2',
      what: 'tools/call echo: ServerConnection.callTool vs SDK Client bare',
      value: ratio,
      unit: 'x',
      target: '<= 1.05x',
      met: ratio <= 1.05,
      detail: `median of round means, µs per call: toolvet ${fmt(means.toolvet)} vs bare ${fmt(means.bare)}; ${rounds} rounds, ${samples.toolvet} and ${samples.bare} samples; per-round ratios ${ratios.map((r) => r.toFixed(2)).join(' ')}`,
    },
  ];
}
