/**
 * One side of P5 in its own process: `p5-child.ts QUERIES_FILE RESULTS_FILE` runs `runEval` (the
 * whole eval path: load, run with the mock, stream to JSON Lines, summarise) over the 10 fixture
 * tools and prints `{"cases", "maxRssMb", "wallMs"}`.
 */
import { createMockModel, runEval } from 'toolproof';
import { fixture } from './workload.ts';

const [queries, resultsFile] = process.argv.slice(2);
const started = performance.now();
const result = await runEval({
  toolsFiles: ['refman', 'notebook', 'echo'].map((n) => fixture(`tools/${n}.json`)),
  queries: [queries],
  model: createMockModel(),
  resultsFile,
});
const wallMs = performance.now() - started;
process.stdout.write(`${JSON.stringify({ cases: result.summary?.cases ?? 0, maxRssMb: process.resourceUsage().maxRSS / 1024, wallMs })}\n`);
