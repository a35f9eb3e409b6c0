/** `--json -` and friends: refused before anything runs, and no file named "-" is left behind. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from './testing.ts';
import { tempDir } from '../testing/temp-dir.ts';

describe('an output flag given "-"', () => {
  it.each([
    [['eval', '--tools', `${ROOT}fixtures/tools/refman.json`, '--queries', `${ROOT}fixtures/queries/refman.yaml`, '--json', '-']],
    [['lint', '--tools', `${ROOT}fixtures/tools/refman.json`, '--output=-']],
  ])('is a usage error naming the flag: %j', async (argv) => {
    const cwd = tempDir('toolvet-dash-');
    const run = await runCli(argv, { cwd });
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('E_USAGE');
    expect(run.stderr).toMatch(/--(json|output) names a file to write/);
    expect(existsSync(join(cwd, '-'))).toBe(false);
  });

  it('leaves a file argument that merely starts the next flag alone', async () => {
    const run = await runCli(['lint', '--tools', `${ROOT}fixtures/tools/refman.json`]);
    expect(run.code).toBe(0);
  });
});
