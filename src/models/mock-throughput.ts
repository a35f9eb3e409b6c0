/**
 * Throughput of the in-process mock: selection cases per second over the bundled fixture tools
 * (echo + refman + notebook = 10 tools) and query sets, run one after another as the runner would
 * at concurrency 1. `npm run bench` can import it; run alone with
 *   node --import tsx src/models/mock-throughput.ts [cases]
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { lazyRequire } from '../lazy-require.ts';
import type { ToolDefinition } from '../types.ts';
import { createMockModel } from './mock.ts';

const yaml = lazyRequire<typeof import('yaml')>('yaml');

const SETS = ['echo', 'refman', 'notebook'] as const;

export interface MockThroughput {
  cases: number;
  tools: number;
  ms: number;
  casesPerSecond: number;
}

function fixture(path: string): string {
  return fileURLToPath(new URL(`../../fixtures/${path}`, import.meta.url));
}

export async function measureMockThroughput(cases = 20_000): Promise<MockThroughput> {
  const tools = SETS.flatMap((set) => JSON.parse(readFileSync(fixture(`tools/${set}.json`), 'utf8')) as ToolDefinition[]);
  const queries = SETS.flatMap((set) => (yaml().parse(readFileSync(fixture(`queries/${set}.yaml`), 'utf8')) as { cases: Array<{ query: string }> }).cases.map((c) => c.query));
  const model = createMockModel();
  const run = async (n: number): Promise<void> => {
    for (let i = 0; i < n; i++) await model.complete({ messages: [{ role: 'user', content: queries[i % queries.length] }], tools });
  };
  await run(Math.min(cases, 2_000)); // warm the JIT and the index cache, as a long run would be
  const start = performance.now();
  await run(cases);
  const ms = performance.now() - start;
  return { cases, tools: tools.length, ms, casesPerSecond: Math.round((cases / ms) * 1000) };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const result = await measureMockThroughput(Number(process.argv[2] ?? 20_000));
  console.log(`mock: ${result.cases} cases over ${result.tools} tools in ${result.ms.toFixed(0)} ms = ${result.casesPerSecond} cases/s`);
}
