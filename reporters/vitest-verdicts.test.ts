/**
 * The reporter's verdict is vitest's, checked with real `vitest run` child processes over the small
 * suite in fixtures/vitest-verdicts/: a suite whose tests all pass never writes ERROR or FAIL (the
 * recorded runs' own errors and gates become warnings), and a failed test that recorded a result
 * fails the report.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ToolvetResult } from '../src/report/model.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const VITEST = join(ROOT, 'node_modules/vitest/vitest.mjs');

function vitestRun(check: string): Promise<{ code: number; output: string; result: ToolvetResult; markdown: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'toolvet-verdicts-'));
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [VITEST, 'run', '--config', 'fixtures/vitest-verdicts/vitest.config.ts', '--reporter=default', '--reporter=./reporters/vitest-reporter.ts'],
      { cwd: ROOT, env: { ...process.env, TOOLVET_VERDICT_CASE: check, TOOLVET_REPORT_DIR: dir, TOOLVET_REPORT_FORMATS: 'json,markdown', GITHUB_ACTIONS: '', CI: 'true' }, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) =>
        resolve({
          code: error ? Number((error as { code?: number }).code ?? 1) : 0,
          output: stdout + stderr,
          result: JSON.parse(readFileSync(join(dir, 'toolvet.json'), 'utf8')) as ToolvetResult,
          markdown: readFileSync(join(dir, 'toolvet.md'), 'utf8'),
        }),
    );
  });
}

describe("the vitest reporter's verdict is vitest's", () => {
  it('a green suite whose recorded runs errored or failed their own gate writes PASS, with those as warnings', async () => {
    const run = await vitestRun('green-with-errors');
    expect(run.code, run.output.slice(-2000)).toBe(0);
    expect(run.result.verdict).toEqual({ status: 'pass', reasons: [] });
    expect(run.markdown).toMatch(/^### ✅ Toolvet PASS · vitest/);
    expect(run.output).toContain('toolvet: PASS');
    const codes = run.result.warnings.map((w) => w.code);
    expect(codes).toContain('W_COMMAND_ERROR');
    expect(codes).toContain('W_COMMAND_GATE');
    expect(run.result.warnings.find((w) => w.code === 'W_COMMAND_ERROR')!.message).toMatch(/errored/);
  }, 180_000);

  it('a failed test that recorded a result fails the report, naming the test', async () => {
    const run = await vitestRun('red-with-result');
    expect(run.code).toBe(1);
    expect(run.result.verdict.status).toBe('fail');
    expect(run.result.verdict.reasons).toEqual([expect.stringMatching(/^vitest: "wants more than the mock gets" failed: every case and one more/)]);
    expect(run.output).toContain('toolvet: FAIL');
  }, 180_000);
});
