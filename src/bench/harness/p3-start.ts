/**
 * P3: ten echo servers started concurrently through ServerPool against the slowest of the same ten
 * started one at a time (spawn, initialize, tools/list: what the pool does). Server start-up is
 * mostly CPU (node boot, SDK import), so on a small machine the cores bound the ratio from below:
 * the floor printed beside it is the servers' measured CPU time (from /proc) over the cores.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { ServerPool, type HostConfig } from 'toolproof';
import { fixture, median, type Figure } from './workload.ts';

const COUNT = 10;

/** CPU seconds a live process has used (Linux /proc), or undefined elsewhere. */
function cpuSeconds(pid: number | null): number | undefined {
  if (pid === null) return undefined;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks of 1/100 s
  } catch {
    return undefined;
  }
}

async function timedStart(config: HostConfig, names: string[]): Promise<{ ms: number; cpu: number[]; ownCpuMs: number }> {
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const pool = await ServerPool.start(config, names, { concurrency: names.length });
  const ms = performance.now() - started;
  const own = process.cpuUsage(cpuBefore);
  const errors = pool.errors();
  const cpu = names.map((n) => cpuSeconds(pool.connection(n)?.pid ?? null) ?? Number.NaN);
  await pool.close();
  if (errors.length > 0) throw errors[0];
  return { ms, cpu, ownCpuMs: (own.user + own.system) / 1000 };
}

export async function benchP3(options: { rounds?: number } = {}): Promise<Figure[]> {
  const rounds = options.rounds ?? 2;
  const names = Array.from({ length: COUNT }, (_, i) => `echo-${i + 1}`);
  const config: HostConfig = {
    file: '(bench)',
    shape: 'bare',
    servers: Object.fromEntries(names.map((n) => [n, { command: process.execPath, args: [fixture('servers/echo.mjs')] }])),
    resolved: [],
    skipped: [],
  };
  await timedStart(config, [names[0]]); // warm the file cache
  const ratios: number[] = [];
  const floors: number[] = [];
  const details: string[] = [];
  for (let round = 0; round < rounds; round++) {
    const singles: number[] = [];
    for (const name of names) singles.push((await timedStart(config, [name])).ms);
    const slowest = Math.max(...singles);
    const together = await timedStart(config, names);
    const cpuTotalMs = together.cpu.reduce((a, b) => a + b, 0) * 1000;
    const floor = Math.max(1, cpuTotalMs / os.availableParallelism() / slowest);
    ratios.push(together.ms / slowest);
    floors.push(floor);
    details.push(`${together.ms.toFixed(0)} ms together vs slowest single ${slowest.toFixed(0)} ms (median single ${median(singles).toFixed(0)} ms); servers used ${cpuTotalMs.toFixed(0)} ms CPU, Toolproof ${together.ownCpuMs.toFixed(0)} ms`);
  }
  const ratio = median(ratios);
  return [
    {
      id: 'P3',
      what: `${COUNT} servers started concurrently (ServerPool) vs the slowest single start`,
      value: ratio,
      unit: 'x',
      target: '<= 1.5x',
      met: ratio <= 1.5,
      detail: `${details.join('; ')}; CPU floor on ${os.availableParallelism()} cores ${median(floors).toFixed(2)}x`,
    },
  ];
}
