/**
 * The mock's index of a large tool list is kept between runs of the built CLI: the second run reads
 * the documents back and answers exactly as the first; a damaged entry is built again, never trusted;
 * a small list is never kept. Each test has a cache folder of its own.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/testing.ts';
import type { ToolvetResult } from '../report/model.ts';
import { tempDir } from '../testing/temp-dir.ts';
import type { ToolDefinition } from '../types.ts';
import { MIN_CACHED_TOOLS } from './mock-index-cache.ts';

const dir = tempDir('toolvet-mock-index-cache-');

/** `count` tools: every tenth offers its choices as `oneOf` alternatives (a candidate each). */
function tools(count: number): ToolDefinition[] {
  return Array.from({ length: count }, (_, i) => ({
    name: `find_record_${i}`,
    description: `Find record ${i} of kind k${i % 37} in the archive. Do NOT use for kind k${(i + 1) % 37}.`,
    inputSchema: {
      type: 'object',
      properties: i % 10 === 0 ? { kind: { oneOf: [{ const: `a${i}`, description: `alpha ${i}` }, { const: `b${i}`, description: `beta ${i}` }] } } : { id: { type: 'string' } },
    },
  }));
}

const QUERIES = JSON.stringify({ cases: [17, 30, 199, 240].map((n) => ({ id: `q${n}`, query: `find record ${n} of kind k${n % 37}`, expect: { tool: `find_record_${n}` } })).concat([{ id: 'alt', query: 'beta 30 please', expect: { tool: 'find_record_30' } }]) });

async function evalOnce(toolsFile: string, cache: string, name: string): Promise<ToolvetResult> {
  const out = join(dir, `${name}.json`);
  const run = await runCli(['eval', '--tools', toolsFile, '--queries', join(dir, 'queries.json'), '--json', out], { env: { TOOLVET_CACHE_DIR: cache }, timeoutMs: 120_000 });
  expect(run.stderr).toBe('');
  return JSON.parse(readFileSync(out, 'utf8')) as ToolvetResult;
}

/** The cases without their timings. */
const answers = (r: ToolvetResult): string => JSON.stringify(r.cases, (k, v: unknown) => (/Ms$|latency/i.test(k) ? undefined : v));

describe('the mock index cache', () => {
  it('a second run over the same large list reads the index back and answers the same; a damaged entry is built again', async () => {
    writeFileSync(join(dir, 'queries.json'), QUERIES);
    const file = join(dir, 'large.json');
    writeFileSync(file, JSON.stringify(tools(MIN_CACHED_TOOLS + 50)));
    const cache = join(dir, 'cache-large');
    const first = await evalOnce(file, cache, 'first');
    const entries = readdirSync(join(cache, 'mock-index'));
    expect(entries).toHaveLength(1);
    const saved = JSON.parse(readFileSync(join(cache, 'mock-index', entries[0]), 'utf8')) as Array<{ tool: number; alternative?: unknown; terms: string[][] }>;
    // One document per tool, and one per alternative for every tenth tool instead of its own.
    expect(saved).toHaveLength(MIN_CACHED_TOOLS + 50 + 25);
    expect(saved.find((d) => d.tool === 30)).toMatchObject({ alternative: { param: 'kind', value: 'a30' } });
    const second = await evalOnce(file, cache, 'second');
    expect(answers(second)).toBe(answers(first));
    // The entry is what the run reads: with tool 17's terms emptied in it, query 17 no longer finds it.
    const emptied = saved.map((d) => (d.tool === 17 ? { ...d, terms: d.terms.map(() => []) } : d));
    writeFileSync(join(cache, 'mock-index', entries[0]), JSON.stringify(emptied));
    const read = await evalOnce(file, cache, 'read');
    expect(read.cases!.find((c) => c.id === 'q17')!.pass).toBe(false);
    expect(first.cases!.find((c) => c.id === 'q17')!.pass).toBe(true);
    expect(first.summary!.passed).toBeGreaterThan(0);
    // A damaged entry (documents of another list) is not trusted: the run builds the index again.
    writeFileSync(join(cache, 'mock-index', entries[0]), JSON.stringify(saved.slice(0, 10)));
    const third = await evalOnce(file, cache, 'third');
    expect(answers(third)).toBe(answers(first));
  }, 300_000);

  it('a list under MIN_CACHED_TOOLS is never kept', async () => {
    writeFileSync(join(dir, 'queries.json'), JSON.stringify({ cases: [{ id: 'q17', query: 'find record 17', expect: { tool: 'find_record_17' } }] }));
    const file = join(dir, 'small.json');
    writeFileSync(file, JSON.stringify(tools(MIN_CACHED_TOOLS - 1)));
    const cache = join(dir, 'cache-small');
    await evalOnce(file, cache, 'small');
    expect(existsSync(join(cache, 'mock-index'))).toBe(false);
  }, 300_000);
});
