/**
 * Snapshots the third-party set (src/testing/third-party-servers.ts) into
 * fixtures/real-servers/<package>@<version>.tools.json through the built CLI, as a user would:
 *   npm run build && node --import tsx scripts/snapshot-third-party.ts [server ...]
 * A file that already exists for that version is left alone (the diff engineer's pairs share the folder).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, ROOT } from '../src/cli/testing.ts';
import { installedVersion, THIRD_PARTY_SERVERS, thirdPartyHost } from '../src/testing/third-party-servers.ts';

/** fixtures/real-servers file base of a package: its name without the scope ("@playwright/mcp" -> "playwright-mcp"). */
export function snapshotBase(pkg: string): string {
  const [scope, last] = pkg.startsWith('@') ? pkg.slice(1).split('/') : [undefined, pkg];
  return last === 'mcp' && scope ? `${scope}-mcp` : last;
}

const only = process.argv.slice(2);
const { config } = thirdPartyHost(only.length ? only : undefined);
const out = mkdtempSync(join(tmpdir(), 'toolvet-snap-'));
for (const s of THIRD_PARTY_SERVERS) {
  if (only.length && !only.includes(s.name)) continue;
  const target = join(ROOT, 'fixtures', 'real-servers', `${snapshotBase(s.pkg)}@${installedVersion(s.pkg)}.tools.json`);
  if (existsSync(target)) {
    console.log(`${s.name}: ${target} exists, kept`);
    continue;
  }
  const run = spawnSync(process.execPath, [BIN, 'snapshot', '--config', config, '--server', s.name, '--out', out, '--start-timeout', '60000'], { encoding: 'utf8' });
  if (run.status !== 0) {
    console.error(`${s.name}: snapshot failed\n${run.stderr}`);
    continue;
  }
  renameSync(join(out, `${s.name}.json`), target);
  console.log(`${s.name}: ${run.stdout.trim()} -> ${target}`);
}
