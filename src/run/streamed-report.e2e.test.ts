/**
 * A large run through the real CLI keeps only its first failed cases in memory and reads every case
 * back from the results file for --json. Its reports must equal the in-memory ones on the same data:
 * the cases of its own results file, summarised, costed and gated the way a small run is (every case
 * in a list). Also: the temporary file of --json without --results is removed, and --resume of a
 * partial file gives every case once.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderEvalConsole } from '../../reporters/console.ts';
import { fixture, runCli } from '../faults/cli.ts';
import type { ToolvetResult } from '../report/model.ts';
import { resultSchemaErrors } from '../report/result-schema.ts';
import { summarise } from '../scoring/metrics.ts';
import type { CaseResult } from '../types.ts';
import { FAILED_CASES_KEPT } from './case-fold.ts';
import { costRun, loadPrices } from './cost.ts';
import { checkCostGates } from './gates.ts';
import { caseKey, readResults } from './result-sink.ts';

const PER_SET = 900;
let dir = '';
let sets: string[] = [];
let planned: Array<{ suite: string; id: string }> = [];
const tools = ['refman', 'notebook', 'echo'].flatMap((n) => ['--tools', fixture(`tools/${n}.json`)]);

/** A query set of `count` cases: the fixture sets' cases cycled, with unique ids. */
function writeSet(name: string, count: number, offset: number): string {
  const raw = ['refman', 'notebook', 'echo'].flatMap((n) => (parse(readFileSync(fixture(`queries/${n}.yaml`), 'utf8')) as { cases: Array<{ id: string }> }).cases);
  const cases = Array.from({ length: count }, (_, i) => ({ ...raw[(i + offset) % raw.length], id: `${raw[(i + offset) % raw.length].id}-${i}` }));
  const file = path.join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify({ name, cases }));
  planned.push(...cases.map((c) => ({ suite: name, id: c.id })));
  return file;
}

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'toolvet-streamed-'));
  planned = [];
  sets = [writeSet('alpha', PER_SET, 0), writeSet('beta', PER_SET, 7)];
  writeFileSync(path.join(dir, 'prices.json'), JSON.stringify({ mock: { input: 0.15, output: 0.6 } }));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const queries = (): string[] => sets.flatMap((s) => ['--queries', s]);
const gates = ['--prices', 'prices.json', '--max-tokens-per-case', '2500', '--max-p95-latency', '0', '--min-accuracy', '0.5'];

/** The run as a small in-memory eval reports it: every case in a list, in query-set order. */
function inMemory(cases: CaseResult[], streamed: ToolvetResult): ToolvetResult {
  const order = new Map(planned.map((c, i) => [caseKey(c), i]));
  const sorted = [...cases].sort((a, b) => order.get(caseKey(a))! - order.get(caseKey(b))!);
  const prices = { ...loadPrices(path.join(dir, 'prices.json')), file: 'prices.json' };
  const cost = costRun(sorted, [], prices, 'mock');
  const gate = checkCostGates(cost, sorted, [], { maxTokensPerCase: 2500, maxP95LatencyMs: 0 }, 'mock', prices.file);
  const summary = summarise(sorted);
  // The tool list's cost does not depend on how the cases are held: both suites see the same tools.
  const suites = ['alpha', 'beta'].map((suite) => ({ suite, model: 'mock', summary: summarise(sorted.filter((c) => c.suite === suite)), toolTokens: streamed.toolTokens!.perRequest }));
  return { ...streamed, verdict: { status: gate.status === 'pass' ? 'pass' : 'fail', reasons: gate.reasons }, summary, suites, cases: sorted, cost };
}

describe('a large run streamed through the CLI', () => {
  it('writes the same JSON and console report as the in-memory version of its own results', async () => {
    const run = await runCli(['eval', ...tools, ...queries(), ...gates, '--results', 'big.jsonl', '--json', 'big.json'], { cwd: dir, timeoutMs: 300_000 });
    expect(run.stderr).not.toMatch(/Error|error E_/);
    expect(run.code).toBe(1);
    const text = readFileSync(path.join(dir, 'big.json'), 'utf8');
    const streamed = JSON.parse(text) as ToolvetResult;
    expect(resultSchemaErrors(streamed)).toEqual([]);
    expect(streamed.cases).toHaveLength(2 * PER_SET);
    const failed = streamed.summary!.failed + streamed.summary!.errored;
    expect(failed).toBeGreaterThan(FAILED_CASES_KEPT);

    const expected = inMemory(readResults(path.join(dir, 'big.jsonl')).cases, streamed);
    expect(streamed.summary).toEqual(expected.summary);
    expect(streamed.suites).toEqual(expected.suites);
    expect(streamed.cost).toEqual(expected.cost);
    expect(streamed.verdict).toEqual(expected.verdict);
    // Byte for byte: key order, indentation, every case with its cost, in query-set order.
    expect(text).toBe(`${JSON.stringify(expected, null, 2)}\n`);

    // The console of the streamed run lists its first 30 failed cases and says where the rest are.
    const full = stripVTControlCharacters(renderEvalConsole(streamed));
    const more = `… and ${failed - 30} more failed case(s) not listed here: every case is in big.jsonl`;
    expect(run.stdout).toContain(more);
    expect(stripVTControlCharacters(run.stdout).trim()).toBe(full.replace(`… and ${failed - 30} more in the JSON results`, more).trim());
  }, 600_000);

  it('--json without --results writes every case through a temporary file, then removes it', async () => {
    const tmp = mkdtempSync(path.join(dir, 'tmp-'));
    const run = await runCli(['eval', ...tools, ...queries(), '--json', 'only.json'], { cwd: dir, env: { TMPDIR: tmp }, timeoutMs: 300_000 });
    expect(run.code).toBe(0);
    const result = JSON.parse(readFileSync(path.join(dir, 'only.json'), 'utf8')) as ToolvetResult;
    expect(result.cases!.map(caseKey)).toEqual(planned.map(caseKey));
    expect(readdirSync(tmp)).toEqual([]);
  }, 600_000);

  it('--resume of a partial results file reports every case once, the earlier ones as they were', async () => {
    const lines = readFileSync(path.join(dir, 'big.jsonl'), 'utf8').split('\n');
    const kept = lines.slice(0, 1 + PER_SET);
    writeFileSync(path.join(dir, 'part.jsonl'), `${kept.join('\n')}\n`);
    const run = await runCli(['eval', ...tools, ...queries(), '--resume', 'part.jsonl', '--json', 'resumed.json'], { cwd: dir, timeoutMs: 300_000 });
    expect(run.code).toBe(0);
    const result = JSON.parse(readFileSync(path.join(dir, 'resumed.json'), 'utf8')) as ToolvetResult;
    expect(result.cases!.map(caseKey)).toEqual(planned.map(caseKey));
    const earlier = new Map(kept.slice(1).map((l) => JSON.parse(l) as CaseResult & { type?: string }).filter((c) => c.state !== 'errored').map(({ type: _t, ...c }) => [caseKey(c), c]));
    for (const c of result.cases!) {
      const before = earlier.get(caseKey(c));
      if (before) expect({ ...c, cost: undefined }).toEqual({ ...before, cost: undefined });
    }
    expect(result.summary!.cases).toBe(2 * PER_SET);
    expect(readResults(path.join(dir, 'part.jsonl')).cases).toHaveLength(2 * PER_SET);
  }, 600_000);
});
