/**
 * `npm run bench`: the harness held to its own speed targets, P1-P8, each measured side by side in
 * one run and printed with its ratio. `--only P1,P4` runs some; `--json FILE` writes the figures;
 * `--quick` runs fewer rounds (for a smoke test). Exit 1 when a target is missed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import Table from 'cli-table3';
import pc from 'picocolors';
import { benchP1 } from './p1-selection.ts';
import { benchP2 } from './p2-call.ts';
import { benchP3 } from './p3-start.ts';
import { benchP4 } from './p4-mock.ts';
import { benchP5 } from './p5-memory.ts';
import { benchP6 } from './p6-many-tools.ts';
import { benchP7 } from './p7-start-up.ts';
import { buildJs } from '../../../scripts/build.ts';
import { benchP8 } from './p8-ab.ts';
import type { Figure } from './workload.ts';

type Bench = (quick: boolean) => Promise<Figure[]>;

const BENCHES: Record<string, Bench> = {
  P1: (quick) => benchP1({ rounds: quick ? 1 : 3 }),
  P2: (quick) => benchP2({ rounds: quick ? 4 : 12 }),
  P3: (quick) => benchP3({ rounds: quick ? 1 : 2 }),
  P4: (quick) => benchP4({ rounds: quick ? 1 : 3 }),
  P5: (quick) => benchP5({ rounds: quick ? 1 : 3 }),
  P6: (quick) => benchP6({ rounds: quick ? 1 : 3 }),
  P7: (quick) => benchP7({ rounds: quick ? 3 : 10 }),
  P8: (quick) => benchP8({ seeds: quick ? 10 : 100 }),
};

const { values } = parseArgs({ options: { only: { type: 'string' }, json: { type: 'string' }, quick: { type: 'boolean', default: false } } });
const selected = values.only ? values.only.split(',').map((s) => s.trim().toUpperCase()) : Object.keys(BENCHES);
const unknown = selected.filter((s) => !BENCHES[s]);
if (unknown.length > 0) {
  process.stderr.write(`bench: unknown benchmark ${unknown.join(', ')}; choose from ${Object.keys(BENCHES).join(', ')}\n`);
  process.exit(3);
}

// Every benchmark measures the built package (dist/, imported as 'toolproof' or run as bin/toolproof.js): build it first.
await buildJs();
const environment = { node: process.version, platform: `${process.platform} ${process.arch}`, cpus: os.availableParallelism(), cpuModel: os.cpus()[0]?.model ?? '?', loadBefore: os.loadavg()[0] };
process.stderr.write(`toolproof harness benchmarks on node ${environment.node}, ${environment.cpus} cpus (${environment.cpuModel}), load ${environment.loadBefore.toFixed(2)}\n`);
const figures: Figure[] = [];
const started = performance.now();
for (const id of selected) {
  const t0 = performance.now();
  process.stderr.write(`  ${id}...`);
  const result = await BENCHES[id](values.quick);
  process.stderr.write(` ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
  figures.push(...result);
}
const fmt = (f: Figure): string => (f.unit === 'x' ? `${f.value.toFixed(2)}x` : f.unit === 'MB' ? `${f.value.toFixed(0)} MB` : `${Math.round(f.value).toLocaleString('en-US')} ${f.unit}`);
const table = new Table({ head: ['', 'benchmark', 'measured', 'target', ''], style: pc.isColorSupported ? { head: ['cyan'], border: ['grey'] } : { head: [], border: [] } });
for (const f of figures) table.push([f.id, f.what, fmt(f), f.target, f.met ? pc.green('met') : pc.red('MISSED')]);
process.stdout.write(`${table.toString()}\n`);
for (const f of figures) process.stdout.write(pc.dim(`${f.id}: ${f.detail}\n`));
process.stdout.write(pc.dim(`load average after: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}; total ${((performance.now() - started) / 1000).toFixed(0)} s\n`));
if (values.json) {
  mkdirSync(dirname(values.json), { recursive: true });
  writeFileSync(values.json, `${JSON.stringify({ environment, loadAfter: os.loadavg()[0], figures }, null, 2)}\n`);
}
process.exitCode = figures.every((f) => f.met) ? 0 : 1;
