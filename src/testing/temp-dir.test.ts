/**
 * tempDir (src/testing/temp-dir.ts) as a test file uses it: a real `vitest run` of fixtures/temp-dir/
 * with its own TMPDIR, where folders made at the top of a file, in a describe body, in hooks and in
 * tests all outlive the test that made them and are gone when the run ends; and a plain script (no
 * vitest suite) whose folders go when it exits.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDir } from './temp-dir.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function run(args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, args, { cwd: ROOT, env: { ...process.env, CI: 'true', NO_COLOR: '1', ...env } }, (error, stdout, stderr) =>
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, out: stdout + stderr }),
    );
  });
}

describe('tempDir', () => {
  it('removes every folder a test file made when that file ends, and none before', async () => {
    const work = tempDir('toolvet-temp-dir-test-');
    const tmp = join(work, 'tmp');
    mkdirSync(tmp);
    const log = join(work, 'made.log');
    const vitest = join(ROOT, 'node_modules/vitest/vitest.mjs');
    const result = await run([vitest, 'run', '--config', 'fixtures/temp-dir/vitest.config.ts', '--reporter=default'], { TMPDIR: tmp, TEMP_DIR_LOG: log });
    expect(result.code, result.out).toBe(0);
    expect(result.out).toMatch(/Tests\s+3 passed/);
    const made = readFileSync(log, 'utf8').split('\n').filter(Boolean);
    const prefixes = made.map((d) => d.slice(tmp.length + 1).replace(/[^-]+$/, '')).sort();
    // beforeEach ran twice; the second file's nested call is not logged.
    expect(prefixes).toEqual(['toolvet-before-all-', 'toolvet-before-each-', 'toolvet-before-each-', 'toolvet-describe-', 'toolvet-in-test-', 'toolvet-second-', 'toolvet-top-']);
    expect(made.filter((d) => existsSync(d))).toEqual([]);
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('outside a test file, removes its folders when the process exits', async () => {
    const tmp = tempDir('toolvet-temp-dir-script-');
    const script = `import { tempDir } from './src/testing/temp-dir.ts'; import { writeFileSync } from 'node:fs'; const d = tempDir('toolvet-script-'); writeFileSync(d + '/x', 'x'); console.log(d);`;
    // tsx keeps its compile cache in TMPDIR (tsx-<uid>) unless told not to; .ci/run tells it the same.
    const result = await run(['--import', 'tsx', '--input-type=module', '-e', script], { TMPDIR: tmp, TSX_DISABLE_CACHE: '1' });
    expect(result.code, result.out).toBe(0);
    expect(result.out).toContain(`${tmp}/toolvet-script-`);
    expect(readdirSync(tmp)).toEqual([]);
  });
});
