/**
 * The reporter's verdict is vitest's, checked with real `vitest run` child processes over the small
 * suite in fixtures/vitest-verdicts/: a suite whose tests all pass never writes ERROR or FAIL (the
 * recorded runs' own errors and gates become warnings); a failed test that recorded a result, a test
 * that threw before recording one, and a test file that failed to load each fail the report.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { ToolvetResult } from '../src/report/model.ts';
import { resultSchemaErrors } from '../src/report/result-schema.ts';
import { vitestRun as runCheck, type VitestRun } from '../src/testing/vitest-run.ts';

const runs: VitestRun[] = [];
afterAll(() => {
  for (const run of runs) run.dispose();
});

async function vitestRun(check: string): Promise<{ code: number; output: string; result: ToolvetResult; markdown: string }> {
  const run = await runCheck(check);
  runs.push(run);
  // A missing report is a failure of the test that reads it.
  const result = JSON.parse(run.read('toolvet.json') || '{"verdict": {"status": "(no report written)", "reasons": []}, "warnings": []}') as ToolvetResult;
  return { code: run.code, output: run.stdout + run.stderr, result, markdown: run.read('toolvet.md') };
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

  it('a test that throws before recording a result: the Markdown and JSON say FAIL, with the error', async () => {
    const run = await vitestRun('throws');
    expect(run.code).toBe(1);
    expect(run.result.verdict.status).toBe('fail');
    expect(run.result.verdict.reasons).toEqual([expect.stringMatching(/^vitest: "runs a query set with an unknown key" failed: E_FILE_INVALID: query set .*unknown-key\.yaml/)]);
    expect(run.markdown).toMatch(/^### ❌ Toolvet FAIL · vitest/);
    expect(run.markdown).not.toContain('PASS');
    expect(resultSchemaErrors(run.result)).toEqual([]);
    expect(run.output).toContain('toolvet: FAIL');
  }, 180_000);

  it('a test file that fails to load: FAIL, naming the file', async () => {
    const run = await vitestRun('import-fails');
    expect(run.code).toBe(1);
    expect(run.result.verdict.status).toBe('fail');
    expect(run.result.verdict.reasons).toEqual([expect.stringMatching(/^vitest: test file fixtures\/vitest-verdicts\/import-fails\.check\.ts failed to load: .*no-such-module/)]);
    expect(run.markdown).toMatch(/^### ❌ Toolvet FAIL · vitest/);
    expect(run.output).toContain('toolvet: FAIL');
  }, 180_000);

  it('an unhandled error in a run whose tests all passed: FAIL, naming the error', async () => {
    const run = await vitestRun('unhandled');
    expect(run.code).toBe(1);
    expect(run.result.verdict).toEqual({ status: 'fail', reasons: ['vitest: unhandled error: a rejection nobody handled'] });
    expect(run.result.cases?.length).toBe(6);
    expect(run.markdown).toMatch(/^### ❌ Toolvet FAIL · vitest/);
  }, 180_000);

  it('a failed test that recorded a result fails the report, naming the test', async () => {
    const run = await vitestRun('red-with-result');
    expect(run.code).toBe(1);
    expect(run.result.verdict.status).toBe('fail');
    expect(run.result.verdict.reasons).toEqual([expect.stringMatching(/^vitest: "wants more than the mock gets" failed: every case and one more/)]);
    expect(run.output).toContain('toolvet: FAIL');
  }, 180_000);
});
