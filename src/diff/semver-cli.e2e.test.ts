/** `toolvet diff --require-semver` as a child process, on pairs of real snapshot files in a temporary folder. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/testing.ts';
import { tempDir } from '../testing/temp-dir.ts';

const dir = tempDir('toolvet-semver-');
const base = JSON.parse(readFileSync('fixtures/snapshots/refman.json', 'utf8')) as { server: { name: string; version?: string }; tools: Array<{ name: string }> };

/** The refman snapshot at `version`, without `get_item` when `breaking` (a removed tool breaks its callers). */
function snapshot(name: string, version: string | undefined, breaking: boolean): string {
  const copy = structuredClone(base);
  if (version === undefined) delete copy.server.version;
  else copy.server.version = version;
  if (breaking) copy.tools = copy.tools.filter((t) => t.name !== 'get_item');
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(copy, null, 2));
  return file;
}

describe('toolvet diff --require-semver (CLI)', { timeout: 120_000 }, () => {
  const old = snapshot('old', '1.4.0', false);

  it('fails a breaking change shipped as a minor release, naming the change and the bump it needs', async () => {
    const run = await runCli(['diff', old, snapshot('minor', '1.5.0', true), '--require-semver']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('--require-semver: the server: 1 breaking change(s) (get_item:tool-removed) need a major bump (to 2.0.0 or later); 1.4.0 -> 1.5.0 is a minor bump: release it as 2.0.0');
  });

  it('passes the same change shipped as a major release (which the plain gate would fail)', async () => {
    const next = snapshot('major', '2.0.0', true);
    const run = await runCli(['diff', old, next, '--require-semver', '--format', 'json']);
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result.diff.versions).toEqual([{ old: '1.4.0', new: '2.0.0', required: 'major', actual: 'major', breaking: ['get_item:tool-removed'], pass: true, message: expect.stringContaining('1.4.0 -> 2.0.0 is a major bump') }]);
    expect(result.diff.changes).toEqual([expect.objectContaining({ tool: 'get_item', check: 'tool-removed', level: 'breaking', failing: false })]);
    // Without the flag the breaking change fails as before: the version gate is opt-in.
    expect((await runCli(['diff', old, next])).code).toBe(1);
  });

  it('below 1.0.0 a minor bump is enough, a patch is not; a missing version cannot pass', async () => {
    const zero = snapshot('zero', '0.3.1', false);
    expect((await runCli(['diff', zero, snapshot('zero-minor', '0.4.0', true), '--require-semver'])).code).toBe(0);
    const patch = await runCli(['diff', zero, snapshot('zero-patch', '0.3.2', true), '--require-semver', '--format', 'markdown']);
    expect(patch.code).toBe(1);
    expect(patch.stdout).toContain('- semver **fail**: the server: 1 breaking change(s) (get_item:tool-removed) need a minor bump below 1.0.0 (to 0.4.0 or later)');
    expect(patch.stdout).toContain('is a patch bump: release it as 0.4.0');
    const missing = await runCli(['diff', old, snapshot('unversioned', undefined, true), '--require-semver']);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toContain('the new side records no version');
  });

  it('passes unchanged versions when nothing breaks', async () => {
    const run = await runCli(['diff', old, snapshot('same', '1.4.0', false), '--require-semver']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('semver ok: the server: no breaking change, so no bump is required (1.4.0 -> 1.4.0)');
  });
});
