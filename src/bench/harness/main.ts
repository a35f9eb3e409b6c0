/**
 * `npm run bench`: the harness held to its own speed targets, P1-P8, each measured side by side in
 * one run and printed in one final table with its ratio and the load average. `--only P1,P4` runs
 * some; `--json FILE` writes the figures; `--quick` runs fewer rounds (for a smoke test). Exit 1 when
 * a target is missed. Builds dist/ and bundles the harness first; each benchmark runs in its own
 * process on the built package.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import Table from 'cli-table3';
import pc from 'picocolors';
import { buildJs } from '../../../scripts/build.ts';
import { BENCHMARKS } from './benchmarks.ts';
import { buildHarness } from './build-harness.ts';
import { builtChild } from './child.ts';
import { ROOT, type Figure } from './workload.ts';

/** One benchmark in its own process on the bundled harness (run-benchmark.ts); its progress goes to our stderr. */
function runBenchmark(id: string, quick: boolean): Promise<Figure[]> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [builtChild('run-benchmark.ts'), id, ...(quick ? ['--quick'] : [])], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 }, (error, stdout) => {
      if (error) return reject(new Error(`bench ${id} failed: ${error.message}`));
      try {
        resolve(JSON.parse(stdout.trim().split('\n').pop() ?? '') as Figure[]);
      } catch {
        reject(new Error(`bench ${id} printed no figures: ${stdout.slice(-400)}`));
      }
    });
    child.stderr?.pipe(process.stderr);
  });
}

const { values } = parseArgs({ options: { only: { type: 'string' }, json: { type: 'string' }, quick: { type: 'boolean', default: false } } });
const selected = values.only ? values.only.split(',').map((s) => s.trim().toUpperCase()) : Object.keys(BENCHMARKS);
const unknown = selected.filter((s) => !BENCHMARKS[s]);
if (unknown.length > 0) {
  process.stderr.write(`bench: unknown benchmark ${unknown.join(', ')}; choose from ${Object.keys(BENCHMARKS).join(', ')}\n`);
  process.exit(3);
}

// Every benchmark measures the built package (dist/, imported as 'toolvet' or run as bin/toolvet.js):
// build it first (always: esbuild takes about a second, and a stale dist/ would measure old code), then
// bundle the harness itself into .bench/ so no benchmark process carries a TypeScript loader.
await buildJs();
await buildHarness();
// The start-up cache (docs/commands/eval.md) of a folder of the run's own, inherited by every process: the
// bench neither reads what earlier runs left in the user's ~/.cache/toolvet nor adds to it. Each
// benchmark's unmeasured first pass fills it, so the figures are those of a user's later runs; P7
// also times a first run, with the cache off.
const cacheDir = mkdtempSync(join(os.tmpdir(), 'toolvet-bench-cache-'));
process.env.TOOLVET_CACHE_DIR = cacheDir;
process.on('exit', () => rmSync(cacheDir, { recursive: true, force: true }));
const environment = { node: process.version, platform: `${process.platform} ${process.arch}`, cpus: os.availableParallelism(), cpuModel: os.cpus()[0]?.model ?? '?', loadBefore: os.loadavg()[0] };
process.stderr.write(`toolvet harness benchmarks on node ${environment.node}, ${environment.cpus} cpus (${environment.cpuModel}), load ${environment.loadBefore.toFixed(2)}\n`);
const figures: Figure[] = [];
const started = performance.now();
for (const id of selected) {
  const t0 = performance.now();
  process.stderr.write(`  ${id}...`);
  // A benchmark that fails to run is a missed row with its error: the others still run and print.
  const result = await runBenchmark(id, values.quick).catch((error: Error): Figure[] => [
    { id, what: 'the benchmark failed to run', value: Number.NaN, unit: '', target: '', met: false, detail: error.message.split('\n').slice(0, 6).join(' | ') },
  ]);
  const load = os.loadavg()[0];
  process.stderr.write(` ${((performance.now() - t0) / 1000).toFixed(1)} s, load ${load.toFixed(2)}\n`);
  figures.push(...result.map((f) => ({ ...f, load })));
}
const fmt = (f: Figure): string => (Number.isNaN(f.value) ? 'error' : f.unit === 'x' ? `${f.value.toFixed(2)}x` : f.unit === 'MB' ? `${f.value.toFixed(0)} MB` : `${Math.round(f.value).toLocaleString('en-US')} ${f.unit}`);
const table = new Table({ head: ['', 'benchmark', 'measured', 'target', '', 'load'], style: pc.isColorSupported ? { head: ['cyan'], border: ['grey'] } : { head: [], border: [] } });
for (const f of figures) table.push([f.id, f.what, fmt(f), f.target, f.met ? pc.green('met') : pc.red('MISSED'), f.load?.toFixed(1) ?? '']);
process.stdout.write(`${table.toString()}\n`);
for (const f of figures) process.stdout.write(pc.dim(`${f.id}: ${f.detail}\n`));
process.stdout.write(pc.dim(`load average after: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}; total ${((performance.now() - started) / 1000).toFixed(0)} s\n`));
if (values.json) {
  mkdirSync(dirname(values.json), { recursive: true });
  writeFileSync(values.json, `${JSON.stringify({ environment, loadAfter: os.loadavg()[0], figures }, null, 2)}\n`);
}
process.exitCode = figures.every((f) => f.met) ? 0 : 1;
