/**
 * `--require-semver`: does each server's version move as its changes demand? A breaking change needs
 * a major bump (a minor one below 1.0.0, where semver lets a minor break); anything else needs no bump.
 * The version is what the server reported at initialize (`serverInfo.version`, kept in snapshots as
 * `server.version`). Pure: the gate (gate.ts) turns a check that does not pass into a reason.
 */
import type { GroupPair } from './sides.ts';
import type { Change, VersionBump, VersionCheck } from './types.ts';

interface Parsed {
  core: [number, number, number];
  prerelease: boolean;
}

// semver.org's own pattern (with npm's optional leading "v"); 256 characters is npm semver's limit too.
const SEMVER = /^v?(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;
const MAX_LENGTH = 256;

/** A semantic version's numbers, or undefined when the text is not one. */
export function parseVersion(text: string): Parsed | undefined {
  if (text.length > MAX_LENGTH) return undefined;
  const m = SEMVER.exec(text.trim());
  if (!m) return undefined;
  const core = [Number(m[1]), Number(m[2]), Number(m[3])] as [number, number, number];
  return core.every(Number.isSafeInteger) ? { core, prerelease: m[4] !== undefined } : undefined;
}

/** The bump from one version to the next, by the core numbers; `prerelease` when the old one was a prerelease of the same core. */
export function versionBump(from: Parsed, to: Parsed): VersionBump {
  const [a, b] = [from.core, to.core];
  const i = a.findIndex((n, k) => n !== b[k]);
  if (i === -1) return from.prerelease ? 'prerelease' : 'none';
  if (b[i] < a[i]) return 'downgrade';
  return (['major', 'minor', 'patch'] as const)[i];
}

/** Bumps that carry a breaking change: any major; below 1.0.0 a minor too; or leaving a prerelease (which promised nothing). */
function covers(required: VersionCheck['required'], bump: VersionBump): boolean {
  if (required === 'none') return true;
  if (bump === 'major' || bump === 'prerelease') return true;
  return required === 'minor' && bump === 'minor';
}

/** One check per server pair: the breaking changes it carries (a change the baseline accepts is not counted), and whether the version moved enough. */
export function checkVersions(pairs: readonly GroupPair[], changes: readonly Change[]): VersionCheck[] {
  return pairs.map((pair) => checkPair(pair, pair.server === undefined ? changes : changes.filter((c) => c.server === pair.server)));
}

function checkPair(pair: GroupPair, changes: readonly Change[]): VersionCheck {
  const who = pair.server ? `server "${pair.server}"` : 'the server';
  const breaking = changes.filter((c) => c.level === 'breaking' && !c.accepted).map((c) => `${c.tool}:${c.check}`);
  const at = { ...(pair.server ? { server: pair.server } : {}), ...(pair.oldVersion !== undefined ? { old: pair.oldVersion } : {}), ...(pair.newVersion !== undefined ? { new: pair.newVersion } : {}) };
  const oldParsed = pair.oldVersion === undefined ? undefined : parseVersion(pair.oldVersion);
  const newParsed = pair.newVersion === undefined ? undefined : parseVersion(pair.newVersion);
  const required = breaking.length === 0 ? 'none' : oldParsed && oldParsed.core[0] === 0 ? 'minor' : 'major';
  const bump = oldParsed && newParsed ? versionBump(oldParsed, newParsed) : null;
  const base = { ...at, required, actual: bump, breaking } as const;
  const list = `${breaking.length} breaking change(s) (${breaking.slice(0, 5).join(', ')}${breaking.length > 5 ? ', ...' : ''})`;
  if (required === 'none') return { ...base, pass: true, message: `${who}: no breaking change, so no bump is required${versionText(pair)}` };
  if (!oldParsed || !newParsed) {
    const side = !oldParsed ? ['old', pair.oldVersion] : ['new', pair.newVersion];
    const why = side[1] === undefined ? `the ${side[0]} side records no version` : `the ${side[0]} version "${side[1]}" is not a semantic version`;
    return { ...base, pass: false, message: `${who}: ${list} need a major bump, but ${why}; snapshot a server that reports serverInfo.version (MAJOR.MINOR.PATCH)` };
  }
  const need = required === 'major' ? `a major bump (to ${oldParsed.core[0] + 1}.0.0 or later)` : `a minor bump below 1.0.0 (to 0.${oldParsed.core[1] + 1}.0 or later)`;
  const pass = covers(required, bump!);
  const moved = `${pair.oldVersion} -> ${pair.newVersion} is ${bump === 'none' ? 'no bump' : bump === 'downgrade' ? 'a downgrade' : `a ${bump} bump`}`;
  return { ...base, pass, message: `${who}: ${list} need ${need}; ${moved}${pass ? '' : `: release it as ${required === 'major' ? `${oldParsed.core[0] + 1}.0.0` : `0.${oldParsed.core[1] + 1}.0`}`}` };
}

function versionText(pair: GroupPair): string {
  return pair.oldVersion !== undefined && pair.newVersion !== undefined ? ` (${pair.oldVersion} -> ${pair.newVersion})` : '';
}
