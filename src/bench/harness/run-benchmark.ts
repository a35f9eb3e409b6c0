/**
 * One benchmark in its own process, bundled to `.bench/run-benchmark.js` and run with plain node:
 * `run-benchmark.js P4 [--quick]` prints its figures as one JSON line. The package it measures is
 * the built one (`toolvet` resolves through the package's exports to dist/).
 */
import { BENCHMARKS } from './benchmarks.ts';

const [id, ...flags] = process.argv.slice(2);
const bench = BENCHMARKS[id];
if (!bench) {
  process.stderr.write(`run-benchmark: unknown benchmark ${id}\n`);
  process.exit(3);
}
const figures = await bench(flags.includes('--quick'));
process.stdout.write(`${JSON.stringify(figures)}\n`, () => process.exit(0));
