/**
 * The mock's index of a large tool list is kept between runs of the built CLI: the second run reads
 * the candidates and postings back and answers exactly as the first; a damaged entry is built again,
 * never trusted, and a damaged posting is worked out again; a small list is never kept. Each test has
 * a cache folder of its own.
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

type Posting = [number[], number[], number[], number[]];

/** An entry's header and each term's posting (mock-index-cache.ts: a JSON line, then the postings' texts). */
function readIndex(path: string): { candidates: unknown[]; postings: Map<string, Posting> } {
  const text = readFileSync(path, 'utf8');
  const body = text.indexOf('\n') + 1;
  const { candidates, terms, ends } = JSON.parse(text.slice(0, body)) as { candidates: unknown[]; terms: string[]; ends: number[] };
  const postings = new Map(terms.map((term, i) => [term, JSON.parse(text.slice(body + (i > 0 ? ends[i - 1] : 0), body + ends[i])) as Posting]));
  return { candidates, postings };
}

/** The entry with its postings' texts as given (`texts`: term to text). */
function writeIndex(path: string, candidates: unknown[], texts: Map<string, string>): void {
  let end = 0;
  const ends = [...texts.values()].map((t) => (end += t.length));
  writeFileSync(path, `${JSON.stringify({ candidates, terms: [...texts.keys()], ends })}\n${[...texts.values()].join('')}`);
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
    const entry = join(cache, 'mock-index', entries[0]);
    const { candidates, postings } = readIndex(entry);
    // One candidate per tool, and one per alternative for every tenth tool instead of its own.
    expect(candidates).toHaveLength(MIN_CACHED_TOOLS + 50 + 25);
    expect(candidates.slice(0, 3)).toEqual([[0, 'kind', 'a0'], [0, 'kind', 'b0'], 1]);
    expect(candidates).toContainEqual([30, 'kind', 'a30']);
    const second = await evalOnce(file, cache, 'second');
    expect(answers(second)).toBe(answers(first));
    // The entry is what the run reads: with tool 17's votes taken out of it, query 17 no longer finds it.
    const at17 = candidates.indexOf(17);
    const without17 = ([positive, positiveValues, negative, negativeValues]: Posting): Posting => {
      const keep = (list: number[]): number[] => list.flatMap((c, i) => (c === at17 ? [] : [i]));
      const [p, n] = [keep(positive), keep(negative)];
      return [p.map((i) => positive[i]), p.map((i) => positiveValues[i]), n.map((i) => negative[i]), n.map((i) => negativeValues[i])];
    };
    writeIndex(entry, candidates, new Map([...postings].map(([term, posting]) => [term, JSON.stringify(without17(posting))])));
    const read = await evalOnce(file, cache, 'read');
    expect(read.cases!.find((c) => c.id === 'q17')!.pass).toBe(false);
    expect(first.cases!.find((c) => c.id === 'q17')!.pass).toBe(true);
    expect(first.summary!.passed).toBeGreaterThan(0);
    // A damaged posting (here every one: a candidate out of range, values missing, not JSON) is worked out from the tools again.
    const damaged = ['[[9999],[1],[],[]]', '[[17],[],[],[]]', '[[17,'];
    writeIndex(entry, candidates, new Map([...postings.keys()].map((term, i) => [term, damaged[i % damaged.length]])));
    expect(answers(await evalOnce(file, cache, 'postings'))).toBe(answers(first));
    // A damaged entry (the candidates of another list) is not trusted: the run builds the index again.
    writeIndex(entry, candidates.slice(0, 10), new Map([...postings].map(([term, posting]) => [term, JSON.stringify(posting)])));
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
