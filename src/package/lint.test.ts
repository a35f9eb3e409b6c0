/**
 * The linter and the type checker pass: ESLint with typescript-eslint (eslint.config.js) and
 * `tsc --noEmit` with noUnusedLocals and noUnusedParameters (tsconfig.json), as `npm run lint` runs them.
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));

describe('static checks', () => {
  it('ESLint reports no problem', async () => {
    const eslint = new ESLint({ cwd: root });
    const results = await eslint.lintFiles(['.']);
    const problems = results.flatMap((r) => r.messages.map((m) => `${r.filePath.slice(root.length)}:${m.line}:${m.column} ${m.ruleId ?? ''} ${m.message}`));
    expect(results.length).toBeGreaterThan(500);
    expect(problems).toEqual([]);
  }, 300_000);

  it('tsc --noEmit reports no error', async () => {
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    const run = await promisify(execFile)(process.execPath, [tsc, '--noEmit', '-p', root], { cwd: root, maxBuffer: 16 * 1024 * 1024 }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? String(error) }));
    expect(run.stdout.split('\n').filter((line) => line.includes('error TS'))).toEqual([]);
  }, 300_000);
});
