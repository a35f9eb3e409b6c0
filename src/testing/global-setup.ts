/**
 * vitest global setup: builds dist/ once per run (tests that spawn `bin/toolvet.js` run the built
 * package, as a user does; esbuild takes about a second), and stops the shared llama.cpp server
 * (src/testing/llama.ts) when the run ends. It also makes one temporary folder for the run
 * ($TOOLVET_TEST_RUN_DIR, inherited by every worker) for what test files share, and removes it at the end.
 * The start-up caches (src/disk-cache) go inside it ($TOOLVET_CACHE_DIR), never to the user's ~/.cache.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildJs, DIST, removeStaleChunks } from '../../scripts/build.ts';
import { LLAMA_ROOT } from './llama.ts';

export default async function setup(): Promise<() => void> {
  removeStaleChunks(DIST, await buildJs(), 10 * 60_000);
  const runDir = mkdtempSync(join(tmpdir(), 'toolvet-test-run-'));
  process.env.TOOLVET_TEST_RUN_DIR = runDir;
  process.env.TOOLVET_CACHE_DIR = join(runDir, 'cache');
  const pidFile = join(LLAMA_ROOT, 'llama-server.pid');
  const before = existsSync(pidFile) ? readFileSync(pidFile, 'utf8').trim() : undefined;
  return () => {
    rmSync(runDir, { recursive: true, force: true });
    if (!existsSync(pidFile)) return;
    const pid = readFileSync(pidFile, 'utf8').trim();
    // Only stop a server this run started; one the developer started by hand stays up.
    if (pid === before) return;
    try {
      process.kill(Number(pid), 'SIGTERM');
    } catch {
      // Already gone.
    }
    rmSync(pidFile, { force: true });
  };
}
