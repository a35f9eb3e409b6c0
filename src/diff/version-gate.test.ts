/** `--require-semver`'s decision, one row per case: the bump the changes need and whether the version moved enough. */
import { describe, expect, it } from 'vitest';
import type { GroupPair } from './sides.ts';
import type { Change } from './types.ts';
import { checkVersions, parseVersion } from './version-gate.ts';

const breaking: Change = { tool: 'get_item', check: 'tool-removed', level: 'breaking', path: '', message: 'gone' };
const retest: Change = { tool: 'get_item', check: 'description-changed', level: 'retest', path: 'description', message: 'reworded' };
const pair = (oldVersion?: string, newVersion?: string): GroupPair => ({ old: [], new: [], ...(oldVersion ? { oldVersion } : {}), ...(newVersion ? { newVersion } : {}) });

describe('checkVersions', () => {
  const rows: Array<[string, string | undefined, string | undefined, Change[], string, string | null, boolean]> = [
    // name, old, new, changes, required, actual, pass
    ['breaking with a major bump', '1.4.2', '2.0.0', [breaking], 'major', 'major', true],
    ['breaking with a minor bump', '1.4.2', '1.5.0', [breaking], 'major', 'minor', false],
    ['breaking with a patch bump', '1.4.2', '1.4.3', [breaking], 'major', 'patch', false],
    ['breaking with no bump', '1.4.2', '1.4.2', [breaking], 'major', 'none', false],
    ['breaking with a downgrade', '2.0.0', '1.9.9', [breaking], 'major', 'downgrade', false],
    ['breaking, major bump to a prerelease', '1.4.2', '2.0.0-rc.1', [breaking], 'major', 'major', true],
    ['breaking, a prerelease released with the same numbers', '2.0.0-rc.1', '2.0.0', [breaking], 'major', 'prerelease', true],
    ['0.x: a minor bump carries a break', '0.3.1', '0.4.0', [breaking], 'minor', 'minor', true],
    ['0.x: a patch bump does not', '0.3.1', '0.3.2', [breaking], 'minor', 'patch', false],
    ['0.x: going to 1.0.0 does', '0.3.1', '1.0.0', [breaking], 'minor', 'major', true],
    ['leading v accepted', 'v1.0.0', 'v2.0.0', [breaking], 'major', 'major', true],
    ['retest only: no bump needed', '1.0.0', '1.0.0', [retest], 'none', 'none', true],
    ['no changes, no versions', undefined, undefined, [], 'none', null, true],
    ['breaking, new side has no version', '1.0.0', undefined, [breaking], 'major', null, false],
    ['breaking, a version that is not semantic', '1.0', '2.0', [breaking], 'major', null, false],
    ['accepted breaking change needs no bump', '1.0.0', '1.0.1', [{ ...breaking, accepted: { reason: 'false alarm', expires: '2099-01-01' } }], 'none', 'patch', true],
  ];
  it.each(rows)('%s', (_name, oldVersion, newVersion, changes, required, actual, pass) => {
    const [check] = checkVersions([pair(oldVersion, newVersion)], changes);
    expect([check.required, check.actual, check.pass]).toEqual([required, actual, pass]);
  });

  it('names the changes, the bump they need and the release to make', () => {
    const [check] = checkVersions([pair('1.4.2', '1.5.0')], [breaking]);
    expect(check.message).toBe('the server: 1 breaking change(s) (get_item:tool-removed) need a major bump (to 2.0.0 or later); 1.4.2 -> 1.5.0 is a minor bump: release it as 2.0.0');
    const [zero] = checkVersions([pair('0.3.1', '0.3.2')], [breaking]);
    expect(zero.message).toContain('need a minor bump below 1.0.0 (to 0.4.0 or later); 0.3.1 -> 0.3.2 is a patch bump: release it as 0.4.0');
    const [missing] = checkVersions([pair('1.0.0', undefined)], [breaking]);
    expect(missing.message).toContain('the new side records no version');
  });

  it('checks each server with its own changes when sides hold several servers', () => {
    const checks = checkVersions(
      [
        { server: 'a', old: [], new: [], oldVersion: '1.0.0', newVersion: '1.1.0' },
        { server: 'b', old: [], new: [], oldVersion: '1.0.0', newVersion: '1.1.0' },
      ],
      [{ ...breaking, server: 'b' }],
    );
    expect(checks.map((c) => [c.server, c.required, c.pass])).toEqual([
      ['a', 'none', true],
      ['b', 'major', false],
    ]);
    expect(checks[1].message).toMatch(/^server "b": /);
  });
});

describe('parseVersion', () => {
  it.each([
    ['1.2.3', [1, 2, 3]],
    ['0.0.0-alpha+build.5', [0, 0, 0]],
    ['01.2.3', undefined],
    ['1.2', undefined],
    ['1.2.3.4', undefined],
    ['', undefined],
    ['9'.repeat(300), undefined],
    ['99999999999999999999.0.0', undefined],
  ])('%s', (text, core) => {
    expect(parseVersion(text)?.core).toEqual(core);
  });
});

describe('gateDiff under --require-semver', () => {
  it('lets a breaking change through when its server made the bump, and fails it (with the reason) when not', async () => {
    const { gateDiff } = await import('./gate.ts');
    const covered = gateDiff([breaking, retest], [], 'breaking', [], checkVersions([pair('1.0.0', '2.0.0')], [breaking]));
    expect([covered.changes.map((c) => c.failing), covered.gate]).toEqual([[false, false], { pass: true, reasons: [] }]);
    // --fail-on retest still fails the retest change: the bump covers breaking changes only.
    expect(gateDiff([breaking, retest], [], 'retest', [], checkVersions([pair('1.0.0', '2.0.0')], [breaking])).changes.map((c) => c.failing)).toEqual([false, true]);
    const short = gateDiff([breaking], [], 'breaking', [], checkVersions([pair('1.0.0', '1.1.0')], [breaking]));
    expect(short.changes.map((c) => c.failing)).toEqual([true]);
    expect(short.gate.reasons).toEqual(['1 breaking change(s) reach --fail-on breaking', expect.stringMatching(/^--require-semver: the server: 1 breaking change\(s\) \(get_item:tool-removed\) need a major bump/)]);
    // Another server's bump does not cover this one's change.
    const other = gateDiff([{ ...breaking, server: 'b' }], [], 'breaking', [], [{ server: 'a', required: 'none', actual: 'major', breaking: [], pass: true, message: '' }]);
    expect(other.changes.map((c) => c.failing)).toEqual([true]);
  });
});
