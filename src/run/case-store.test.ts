/**
 * The store of a streamed eval's cases: a temporary store holds them in memory up to its limits and
 * writes them to its file past them; either way `cases()` gives every case once, in query-set order,
 * completed, and the --json written from it is the same bytes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMockModel } from '../models/mock.ts';
import type { ToolvetResult } from '../report/model.ts';
import { writeResultJson } from '../report/write-result-json.ts';
import { tempDir } from '../testing/temp-dir.ts';
import type { CaseResult } from '../types.ts';
import { CaseStore, HELD_CASES, HELD_CHARS } from './case-store.ts';
import { runEval } from './eval-run.ts';
import { ResultSink } from './result-sink.ts';

const fixture = (p: string): string => fileURLToPath(new URL(`../../fixtures/${p}`, import.meta.url));
let result: ToolvetResult;

beforeAll(async () => {
  result = await runEval({ toolsFiles: [fixture('tools/refman.json')], queries: [fixture('queries/refman.yaml')], model: createMockModel() });
});

/** `count` real cases (the mock's answers on the refman set, cycled) with unique ids; `big` gives each a long reason. */
function casesOf(count: number, big = 0): CaseResult[] {
  const real = result.cases!;
  return Array.from({ length: count }, (_, i) => {
    const c = structuredClone(real[i % real.length]);
    c.id = `${c.id}-${i}`;
    if (big > 0) c.reason = 'x'.repeat(big);
    return c;
  });
}

const withCost = (c: CaseResult): void => {
  c.cost = { promptTokens: c.id.length, completionTokens: 1, modelLatencyMs: 0, toolLatencyMs: 0, turns: 1, calls: 1, cost: null };
};

/** Runs `cases` into a store the way eval does: ranks in reverse of finishing, held or written through the sink. */
function run(store: CaseStore, cases: CaseResult[]): { sink: ResultSink; ranks: Map<CaseResult, number> } {
  const sink = new ResultSink(store.file, { type: 'run', command: 'eval', model: 'mock', startedAt: '', planned: cases.length });
  const ranks = new Map<CaseResult, number>();
  cases.forEach((c, i) => {
    const rank = cases.length - 1 - i;
    ranks.set(c, rank);
    if (!store.hold(rank, c, sink)) store.add(rank, sink.writeCase(c)!);
  });
  sink.close();
  return { sink, ranks };
}

/** What every path must give: each case once, in rank order, completed (and as JSON has it). */
function expected(cases: CaseResult[]): CaseResult[] {
  return cases
    .map((c) => JSON.parse(JSON.stringify(c)) as CaseResult)
    .reverse()
    .map((c) => {
      withCost(c);
      return c;
    });
}

const caseLines = (file: string): number => readFileSync(file, 'utf8').split('\n').filter((l) => l.startsWith('{"type":"case"')).length;

describe('CaseStore', () => {
  it('a temporary store holds a usual run in memory: no case is written, every case comes back in order', () => {
    const cases = casesOf(300);
    const store = CaseStore.temporary(withCost);
    try {
      run(store, cases);
      expect(caseLines(store.file)).toBe(0);
      const back = store.cases();
      expect(Array.isArray(back)).toBe(true);
      expect(JSON.parse(JSON.stringify([...back]))).toEqual(expected(cases));
      expect(store.size).toBe(300);
    } finally {
      store.dispose();
    }
  });

  it(`past ${HELD_CASES} cases it writes the held ones, then every later one, to its file; the cases and the JSON are the same`, () => {
    const cases = casesOf(HELD_CASES + 50);
    const dir = tempDir('toolvet-case-store-');
    const store = CaseStore.temporary(withCost);
    try {
      run(store, cases);
      expect(caseLines(store.file)).toBe(HELD_CASES + 50);
      const back = store.cases();
      expect(Array.isArray(back)).toBe(false);
      const want = expected(cases);
      expect([...back]).toEqual(want);
      writeResultJson(join(dir, 'spilled.json'), result, store.cases());
      expect(readFileSync(join(dir, 'spilled.json'), 'utf8')).toBe(`${JSON.stringify({ ...result, cases: want }, null, 2)}\n`);
    } finally {
      store.dispose();
    }
  });

  it(`past about ${HELD_CHARS / 1024 / 1024} MiB of text it writes them to its file too`, () => {
    const cases = casesOf(6, HELD_CHARS / 4);
    const store = CaseStore.temporary(withCost);
    try {
      run(store, cases);
      expect(caseLines(store.file)).toBe(6);
      expect([...store.cases()]).toEqual(expected(cases));
    } finally {
      store.dispose();
    }
  });

  it('dispose() calls what the run left to it once, before removing its file', () => {
    const store = CaseStore.temporary();
    const calls: string[] = [];
    store.releaseOnDispose(() => calls.push('released'));
    store.dispose();
    store.dispose();
    expect(calls).toEqual(['released']);
  });

  it('a store over a kept results file holds nothing: every case is in the file', () => {
    const file = join(tempDir('toolvet-case-store-'), 'results.jsonl');
    const store = new CaseStore(file, false, withCost);
    const cases = casesOf(20);
    run(store, cases);
    expect(caseLines(file)).toBe(20);
    expect([...store.cases()]).toEqual(expected(cases));
    store.dispose();
    expect(caseLines(file)).toBe(20);
  });

  it('cases come back by rank, ties in the order of adding, for whole-number ranks and any others alike', () => {
    const ranks = [[3, 0, 3, 1, 0, 2], [3, 0.5, 3, 1, 0.5, 2], [3, -1, 3, 1, -1, 2], [3, 2 ** 40, 3, 1, 2 ** 40, 2]];
    for (const order of ranks) {
      const file = join(tempDir('toolvet-case-store-'), 'results.jsonl');
      const store = new CaseStore(file, false);
      const cases = casesOf(order.length);
      const sink = new ResultSink(file, { type: 'run', command: 'eval', model: 'mock', startedAt: '', planned: cases.length });
      cases.forEach((c, i) => store.add(order[i], sink.writeCase(c)!));
      sink.close();
      const byRank = cases.map((c, i) => ({ id: c.id, rank: order[i], i })).sort((a, b) => a.rank - b.rank || a.i - b.i);
      expect([...store.cases()].map((c) => c.id)).toEqual(byRank.map((c) => c.id));
      store.dispose();
    }
  });
});
