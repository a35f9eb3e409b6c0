/**
 * The vitest reporter end to end: the example suites (suites/) run as real `vitest run` child
 * processes, unsharded and in two shards; `toolvet report --merge` of the shard files must give
 * the unsharded totals. The three runs go in parallel to keep the wall time to one suite run.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadShardResults, mergeResults } from '../src/report/merge.ts';
import type { EvalSummary, ToolvetResult } from '../src/report/model.ts';
import { resultSchemaErrors } from '../src/report/result-schema.ts';
import { FORMATS } from '../src/report/reporters.ts';
import { XMLParser } from 'fast-xml-parser';
import { ToolvetReporter } from './vitest-reporter.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const VITEST = join(ROOT, 'node_modules/vitest/vitest.mjs');

function vitest(outDir: string, extra: string[], formats = 'json,markdown'): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [VITEST, 'run', 'suites', '--reporter=./reporters/vitest-reporter.ts', ...extra],
      { cwd: ROOT, env: { ...process.env, TOOLVET_REPORT_DIR: outDir, TOOLVET_REPORT_FORMATS: formats, GITHUB_ACTIONS: '', CI: 'true' }, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, output: stdout + stderr }),
    );
  });
}

const base = mkdtempSync(join(tmpdir(), 'toolvet-shards-'));
const wholeDir = join(base, 'whole');
const shardDir = join(base, 'shards');
let whole: ToolvetResult;
let merged: ToolvetResult;
let runs: Array<{ code: number; output: string }>;

beforeAll(async () => {
  runs = await Promise.all([vitest(wholeDir, [], FORMATS.join(',')), vitest(shardDir, ['--shard=1/2']), vitest(shardDir, ['--shard=2/2'])]);
  whole = JSON.parse(readFileSync(join(wholeDir, 'toolvet.json'), 'utf8')) as ToolvetResult;
  merged = mergeResults(loadShardResults(shardDir).map((s) => s.result), { command: 'vitest' });
}, 300_000);
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('vitest reporter over the example suites', () => {
  it('writes one result per shard, each with some of the suites', () => {
    expect(runs.map((r) => r.code), runs.map((r) => r.output.slice(-2000)).join('\n----\n')).toEqual([runs[0].code, runs[0].code, runs[0].code]);
    expect(readdirSync(shardDir).sort()).toEqual(['toolvet.shard-1-of-2.json', 'toolvet.shard-1-of-2.md', 'toolvet.shard-2-of-2.json', 'toolvet.shard-2-of-2.md']);
    const shards = loadShardResults(shardDir).map((s) => s.result);
    for (const s of shards) expect(s.cases?.length || s.diff || s.skills, 'a shard with no Toolvet results').toBeTruthy();
    expect(runs[0].output).toContain('toolvet: ');
  });

  it("agrees with vitest's exit code", () => {
    expect(whole.verdict.status).toBe(runs[0].code === 0 ? 'pass' : 'fail');
  });

  it('merged shards give the totals of the unsharded run', () => {
    // Latency is measured, so it differs between two runs; every count and rate must not.
    const totals = (s: EvalSummary | undefined) => (s ? { ...s, meanLatencyMs: 0 } : s);
    const bySuite = (r: ToolvetResult) => [...r.suites!].sort((a, b) => a.suite.localeCompare(b.suite)).map((s) => ({ ...s, summary: totals(s.summary) }));
    expect(totals(merged.summary)).toEqual(totals(whole.summary));
    expect(merged.summary!.cases).toBeGreaterThan(0);
    expect(bySuite(merged)).toEqual(bySuite(whole));
    expect(merged.diff?.counts).toEqual(whole.diff?.counts);
    expect(merged.diff?.ab.map((a) => [a.suite, a.flipped.length]).sort()).toEqual(whole.diff?.ab.map((a) => [a.suite, a.flipped.length]).sort());
    expect(merged.skills?.trigger?.passed).toBe(whole.skills?.trigger?.passed);
    expect(merged.skills?.trigger?.cases.length).toBe(whole.skills?.trigger?.cases.length);
    expect(merged.verdict.status).toBe(whole.verdict.status);
    expect([...merged.verdict.reasons].sort()).toEqual([...whole.verdict.reasons].sort());
  });

  it('writes every format from the one run, each of which parses', () => {
    const read = (name: string): string => readFileSync(join(wholeDir, name), 'utf8');
    expect(readdirSync(wholeDir).sort()).toEqual(['toolvet.github.txt', 'toolvet.html', 'toolvet.json', 'toolvet.md', 'toolvet.sarif', 'toolvet.text.txt', 'toolvet.xml']);
    expect(resultSchemaErrors(whole)).toEqual([]);
    expect(read('toolvet.md')).toMatch(/^### (✅|❌|⚠️) Toolvet (PASS|FAIL|ERROR) · vitest · \d+ cases/);
    const junit = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(read('toolvet.xml')) as { testsuites: { tests: string } };
    expect(Number(junit.testsuites.tests)).toBeGreaterThanOrEqual(whole.cases!.length);
    expect((JSON.parse(read('toolvet.sarif')) as { version: string }).version).toBe('2.1.0');
    expect(read('toolvet.html')).toContain(`Verdict: ${whole.verdict.status.toUpperCase()}`);
    for (const line of read('toolvet.github.txt').trim().split('\n')) expect(line).toMatch(/^::(error|warning|notice) /);
    expect(read('toolvet.text.txt').trimEnd().split('\n').at(-1)).toMatch(/^(PASS|FAIL|ERROR)/);
  });
});

describe('ToolvetReporter options', () => {
  it('refuses an unknown format when vitest starts, not after the run', () => {
    expect(() => new ToolvetReporter({ formats: ['json', 'docx'] })).toThrow(/unknown report format "docx"/);
  });
});
