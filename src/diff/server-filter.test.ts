/**
 * `--server` on every kind of side: folder vs folder, folder vs live, live vs live. Before, a folder
 * side ignored it, so every tool of every other server read as removed (a false breaking gate).
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/testing.ts';
import { runDiff } from './run-diff.ts';
import { writeSnapshots } from './snapshot.ts';
import { tempDir } from '../testing/temp-dir.ts';

const dir = tempDir('toolvet-diff-server-');
const all = join(dir, 'all');
const onlyNotebook = join(dir, 'notebook-only');
const HOST = 'fixtures/hosts/example.json';
const timeouts = { startMs: 60_000 };

describe('diff --server filters every kind of side', { timeout: 180_000 }, () => {
  beforeAll(async () => {
    await writeSnapshots({ config: HOST, outDir: all, timeouts });
    mkdirSync(onlyNotebook);
    copyFileSync(join(all, 'notebook.json'), join(onlyNotebook, 'notebook.json'));
  }, 180_000);

  it('folder vs folder: the other servers are left out, not removed', async () => {
    const unfiltered = await runDiff({ old: all, new: onlyNotebook });
    // Without the filter, echo's and refman's tools all read as removed: the defect --server must avoid.
    expect(unfiltered.diff!.changes.filter((c) => c.check === 'tool-removed').length).toBeGreaterThan(3);
    const filtered = await runDiff({ old: all, new: onlyNotebook, servers: ['notebook'] });
    expect(filtered.diff!.changes).toEqual([]);
    expect(filtered.verdict.status).toBe('pass');
  });

  it('folder vs live and live vs live, from the CLI', async () => {
    const folderLive = await runCli(['diff', all, `live:${HOST}`, '--server', 'notebook']);
    expect(folderLive.stdout).toContain('0 breaking, 0 retest, 0 safe');
    expect(folderLive.code).toBe(0);
    const liveLive = await runDiff({ old: `live:${HOST}`, new: `live:${HOST}`, servers: ['notebook'], serverTimeouts: timeouts });
    expect(liveLive.diff!.changes).toEqual([]);
  });

  it('a server the folder has no snapshot of is a coded error naming what it has', async () => {
    await expect(runDiff({ old: onlyNotebook, new: all, servers: ['refman'] })).rejects.toMatchObject({ code: 'E_UNKNOWN_SERVER', message: expect.stringContaining('"refman"') });
  });
});
