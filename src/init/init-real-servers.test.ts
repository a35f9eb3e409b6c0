/**
 * `toolvet init` as a new user runs it, on four real npm servers its drafting was not tuned on
 * (memory, filesystem, everything, kubernetes, started from node_modules): the CLI in a fresh
 * temporary project whose `toolvet` and `vitest` are this checkout's (linked, not installed: the
 * packed-tarball path is src/package/consumer.test.ts), then `vitest run` there, then the workflow's
 * sharding with one shard more than test files, merged without a "missing shard" warning.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ROOT } from '../cli/testing.ts';
import { loadQuerySet } from '../config/query-set.ts';
import { exec } from '../package/consumer-project.ts';
import { binScript } from '../testing/third-party-servers.ts';

const LONG = 600_000;
const VITEST = join(ROOT, 'node_modules/vitest/vitest.mjs');
const SERVERS = ['memory', 'filesystem', 'everything', 'kubernetes'] as const;

interface ReportCase {
  suite: string;
  query: string;
  pass: boolean;
  expected: { tool: string | null };
}

describe('toolvet init on four real servers, then vitest run', { timeout: LONG }, () => {
  let dir: string;
  let project: string;
  let initOut = '';

  beforeAll(async () => {
    dir = mkdtempSync(join(os.tmpdir(), 'toolvet-init-real-'));
    project = join(dir, 'project');
    mkdirSync(join(project, 'node_modules'), { recursive: true });
    mkdirSync(join(dir, 'files'));
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'fresh', private: true, type: 'module' }));
    symlinkSync(ROOT, join(project, 'node_modules/toolvet'), 'dir');
    symlinkSync(join(ROOT, 'node_modules/vitest'), join(project, 'node_modules/vitest'), 'dir');
    const node = (script: string, args: string[] = [], env: Record<string, string> = {}) => ({ command: 'node', args: [script, ...args], env });
    const mcpServers = {
      memory: node(binScript('@modelcontextprotocol/server-memory'), [], { MEMORY_FILE_PATH: join(dir, 'memory.jsonl') }),
      filesystem: node(binScript('@modelcontextprotocol/server-filesystem'), [join(dir, 'files')]),
      everything: node(binScript('@modelcontextprotocol/server-everything'), ['stdio']),
      // HOME in the temporary folder: kubernetes looks for ~/.kube/config (none: it lists its tools anyway).
      kubernetes: node(binScript('mcp-server-kubernetes'), [], { HOME: dir }),
    };
    writeFileSync(join(project, '.mcp.json'), JSON.stringify({ mcpServers }, null, 2));
    const init = await exec('node', [BIN, 'init'], { cwd: project, timeoutMs: LONG });
    expect(init.code, `${init.stdout}\n${init.stderr}`).toBe(0);
    initOut = init.stdout;
  }, LONG);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('says per server how many drafts of each kind it wrote, and writes one test file per server', () => {
    for (const server of SERVERS) expect(initOut).toMatch(new RegExp(`  ${server}: \\d+ tool\\(s\\), \\d+ draft case\\(s\\): \\d+ positive, \\d+ near miss, \\d+ no-tool`));
    expect(initOut).toMatch(/tighten it after review/);
    expect(readdirSync(join(project, 'toolvet/selection')).sort()).toEqual(SERVERS.map((s) => `${s}.test.ts`).sort());
    expect(readFileSync(join(project, '.github/workflows/toolvet.yml'), 'utf8')).toContain('npx vitest run --shard=${{ matrix.shard }}/4 --passWithNoTests');
  });

  it('drafts, for every server of three or more tools, two positives and a near miss at least; every case a draft', () => {
    for (const server of SERVERS) {
      const set = loadQuerySet(join(project, 'toolvet/queries', `${server}.yaml`));
      const tagged = (tag: string) => set.cases.filter((c) => c.tags?.includes(tag));
      expect(tagged('positive').length, server).toBeGreaterThanOrEqual(2);
      expect(tagged('near-miss').length, server).toBeGreaterThanOrEqual(1);
      expect(tagged('no-tool').length, server).toBeGreaterThanOrEqual(1);
      expect(set.cases.every((c) => c.draft === true), server).toBe(true);
      expect(set.gate?.minAccuracy, server).toBeGreaterThan(0);
    }
  });

  it('npx vitest run is green, and the mock calls no tool for any no-tool draft', async () => {
    const run = await exec('node', [VITEST, 'run'], { cwd: project, timeoutMs: LONG });
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toMatch(/4 passed/);
    const report = JSON.parse(readFileSync(join(project, 'toolvet-report/toolvet.json'), 'utf8')) as { verdict: { status: string }; cases: ReportCase[] };
    expect(report.verdict.status).toBe('pass');
    const noTool = report.cases.filter((c) => c.expected.tool === null);
    expect(noTool.length).toBeGreaterThanOrEqual(SERVERS.length);
    expect(noTool.filter((c) => !c.pass).map((c) => `${c.suite}: ${c.query}`)).toEqual([]);
  });

  it('shards by file: one shard more than files leaves one empty, and the merge names no shard missing', async () => {
    rmSync(join(project, 'toolvet-report'), { recursive: true, force: true });
    const runs = [];
    for (const i of [1, 2, 3, 4, 5]) runs.push(await exec('node', [VITEST, 'run', `--shard=${i}/5`, '--passWithNoTests'], { cwd: project, timeoutMs: LONG }));
    for (const run of runs) expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    const empty = JSON.parse(readFileSync(join(project, 'toolvet-report/toolvet.shard-5-of-5.json'), 'utf8')) as { verdict: { status: string }; cases?: unknown[] };
    expect(empty.cases).toBeUndefined();
    expect(empty.verdict.status).toBe('pass');
    const merged = await exec('node', [BIN, 'report', '--merge', 'toolvet-report', '--format', 'json', '--out-dir', 'toolvet-merged'], { cwd: project, timeoutMs: LONG });
    expect(merged.code, merged.stderr).toBe(0);
    expect(`${merged.stdout}${merged.stderr}`).not.toMatch(/missing/);
    const result = JSON.parse(readFileSync(join(project, 'toolvet-merged/toolvet.json'), 'utf8')) as { verdict: { status: string }; warnings: Array<{ code: string }>; summary: { cases: number } };
    expect(result.warnings.map((w) => w.code)).not.toContain('W_MERGE_MISSING');
    expect(result.verdict.status).toBe('pass');
    const sets = SERVERS.map((s) => loadQuerySet(join(project, 'toolvet/queries', `${s}.yaml`)).cases.length);
    expect(result.summary.cases).toBe(sets.reduce((a, b) => a + b, 0));
  });
});
