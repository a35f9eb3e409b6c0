/**
 * `toolvet eval --loading` as a user runs it: deferred loading (the model first sees only `tool_search`)
 * against an OpenAI-compatible endpoint on 127.0.0.1 that searches with the request's words and then
 * calls a tool the search returned, and against the mock; `--loading both` pairs the two loadings with
 * the description A/B's statistics and reports what the tool lists cost per request on each side.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mcnemarExactP, newcombePairedInterval } from '../diff/paired-stats.ts';
import { searchWords, startToolSearchEndpoint, type ToolSearchEndpoint } from '../models/testing/tool-search-endpoint.ts';
import type { AbResult } from '../diff/types.ts';
import type { ToolvetResult } from '../report/model.ts';
import { loadQuerySet } from '../config/query-set.ts';
import { fixture, runCli } from './testing.ts';

const REFMAN = ['--tools', fixture('tools/refman.json'), '--queries', fixture('queries/refman.yaml')];
const CASES = loadQuerySet(fixture('queries/refman.yaml')).cases;
const TOOL_COUNT = (JSON.parse(readFileSync(fixture('tools/refman.json'), 'utf8')) as unknown[]).length;
let endpoint: ToolSearchEndpoint;
let dir: string;

beforeAll(async () => {
  endpoint = await startToolSearchEndpoint();
  dir = mkdtempSync(join(tmpdir(), 'toolvet-loading-'));
});
afterAll(async () => {
  await endpoint?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The A/B's verdict numbers are exactly the paired statistics of its counts. */
function expectPairedStats(ab: AbResult): void {
  const both = Math.round(ab.oldAccuracy * ab.queries) - ab.worse;
  const neither = ab.queries - both - ab.worse - ab.better;
  expect(ab.mcnemarP).toBeCloseTo(mcnemarExactP(ab.worse, ab.better), 12);
  const interval = newcombePairedInterval({ both, oldOnly: ab.worse, newOnly: ab.better, neither });
  expect(ab.interval.low).toBeCloseTo(interval.low, 12);
  expect(ab.interval.high).toBeCloseTo(interval.high, 12);
  expect(ab.difference).toBeCloseTo(ab.newAccuracy - ab.oldAccuracy, 12);
}

describe('eval --loading against an endpoint that uses the search tool', () => {
  it('--loading search: the endpoint sees only tool_search, searches with the request\'s words, then calls a tool the search loaded', async () => {
    endpoint.requests.length = 0;
    const json = join(dir, 'search.json');
    const run = await runCli(['eval', ...REFMAN, '--base-url', endpoint.url, '--model-name', 'fixture', '--loading', 'search', '--json', json], { timeoutMs: 120_000 });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Tool list (deferred loading)');
    const result = JSON.parse(readFileSync(json, 'utf8')) as ToolvetResult;
    expect(endpoint.requests).toHaveLength(2 * CASES.length);
    const first = endpoint.requests.filter((r) => r.messages.every((m) => m.role !== 'tool'));
    expect(first).toHaveLength(CASES.length);
    for (const r of first) expect(r.tools).toEqual(['tool_search']);
    for (const c of result.cases!) {
      const a = c.attempts[0];
      const query = CASES.find((k) => k.id === c.id)!.query;
      expect(a.toolSearch!.searches).toEqual([{ query: searchWords(query), found: expect.any(Array), run: true }]);
      expect(a.toolSearch!.requests).toBe(2);
      // The search call is never the choice scored: the choice is the search's best match, or no tool.
      expect(a.chosen).toBe(a.toolSearch!.searches[0].found[0] ?? null);
      expect(a.toolSearch!.searches[0].found.length).toBeLessThanOrEqual(5);
    }
    expect(result.toolTokens).toMatchObject({ method: 'estimate', loading: 'search', requestsPerAttempt: 2 });
    // Each search is a model turn of its own in the cost.
    expect(result.cost!.turns).toBe(2 * CASES.length);
  }, 180_000);

  it('--loading both: the paired A/B of every tool against tool search, with tokens per request on each side', async () => {
    endpoint.requests.length = 0;
    const json = join(dir, 'both.json');
    const run = await runCli(['eval', ...REFMAN, '--base-url', endpoint.url, '--model-name', 'fixture', '--loading', 'both', '--json', json], { timeoutMs: 180_000 });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Every tool loaded against tool search (deferred loading)');
    expect(run.stdout).toContain('Paired A/B per query set (old: every tool, new: tool search)');
    const result = JSON.parse(readFileSync(json, 'utf8')) as ToolvetResult;
    const [all, search] = result.loading!.sides;
    expect([all.loading, search.loading]).toEqual(['all', 'search']);
    expect(endpoint.requests).toHaveLength(3 * CASES.length);
    // Every tool in each request of the first side; the search side's first request carries the search tool alone.
    expect(endpoint.requests.slice(0, CASES.length).every((r) => r.tools.length === TOOL_COUNT && !r.tools.includes('tool_search'))).toBe(true);
    expect(all.requestsPerAttempt).toBe(1);
    expect(search.requestsPerAttempt).toBe(2);
    expect(search.toolTokensPerRequest).toBeLessThan(all.toolTokensPerRequest);
    expect(search.largestRequest).toBeLessThanOrEqual(all.largestRequest + 200);
    const ab = result.loading!.ab[0];
    expect(ab.queries + ab.excluded).toBe(CASES.length);
    expect(ab.oldAccuracy).toBeCloseTo(all.summary.accuracy, 12);
    expect(ab.newAccuracy).toBeCloseTo(search.summary.accuracy, 12);
    expectPairedStats(ab);
    // Always the last tool listed against the search's best match: the search side is better, significantly.
    expect(ab.better).toBeGreaterThan(ab.worse);
    expect(ab.mcnemarP).toBeLessThan(0.05);
    expect(ab.verdict).toBe('improved');
    expect(result.verdict.status).toBe('none');
    const md = await runCli(['report', json, '--format', 'markdown']);
    expect(md.stdout).toContain('#### Every tool loaded against tool search');
    const html = join(dir, 'both.html');
    expect((await runCli(['report', json, '--format', 'html', '--out', html])).code).toBe(0);
    expect(readFileSync(html, 'utf8')).toContain('Paired A/B per query set');
    const junit = await runCli(['report', json, '--format', 'junit']);
    expect(junit.stdout).toContain('<testsuite name="loading"');
    expect(junit.stdout).toContain('refman: every tool vs tool search');
  }, 240_000);
});

describe('eval --loading with the mock', () => {
  it('is deterministic: the mock searches first, then chooses among what it loaded', async () => {
    const runs = await Promise.all([1, 2].map(async (i) => {
      const json = join(dir, `mock-${i}.json`);
      const run = await runCli(['eval', ...REFMAN, '--loading', 'both', '--json', json], { timeoutMs: 120_000 });
      expect(run.code, run.stderr).toBe(0);
      return JSON.parse(readFileSync(json, 'utf8')) as ToolvetResult;
    }));
    // Everything but the time the mock took.
    const timeless = (r: ToolvetResult): unknown => ({ ...r.loading, sides: r.loading!.sides.map((s) => ({ ...s, summary: { ...s.summary, meanLatencyMs: 0 } })) });
    expect(timeless(runs[0])).toEqual(timeless(runs[1]));
    const [all, search] = runs[0].loading!.sides;
    expect(all.summary.passed).toBe(25);
    expect(search.summary.passed).toBe(26);
    const ab = runs[0].loading!.ab[0];
    expect(ab.flipped.map((f) => [f.id, f.direction, f.oldChoice, f.newChoice])).toEqual([['none-what-is-doi', 'fail->pass', 'add_item', '(none)']]);
    expectPairedStats(ab);
    expect(ab.verdict).toBe('not enough data');
  }, 180_000);

  it('--search-limit caps what one search loads', async () => {
    const json = join(dir, 'limit.json');
    const run = await runCli(['eval', ...REFMAN, '--loading', 'search', '--search-limit', '1', '--json', json], { timeoutMs: 120_000 });
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(readFileSync(json, 'utf8')) as ToolvetResult;
    const found = result.cases!.map((c) => c.attempts[0].toolSearch!.searches[0].found.length);
    expect(Math.max(...found)).toBe(1);
  }, 120_000);

  it('refuses a mode it does not know, --search-limit without deferred loading, and --loading both beside --models (exit 3)', async () => {
    const bad = await runCli(['eval', ...REFMAN, '--loading', 'sometimes']);
    expect(bad.code).toBe(3);
    expect(bad.stderr).toMatch(/--loading/);
    const limit = await runCli(['eval', ...REFMAN, '--search-limit', '3']);
    expect(limit.code).toBe(3);
    expect(limit.stderr).toContain('E_USAGE');
    expect(limit.stderr).toContain('--search-limit');
    const models = await runCli(['eval', ...REFMAN, '--loading', 'both', '--models', 'mock,mock']);
    expect(models.code).toBe(3);
    expect(models.stderr).toContain('--loading both cannot be combined with --models');
  }, 120_000);
});
