/**
 * The scratch project the documented commands run in: a copy of fixtures/, node_modules linked (so
 * examples can start the real npm servers as a user's project would), the files the pages show
 * (```` ```json file=NAME ````) written out, and `toolvet` on PATH as this package's own bin.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DocBlock } from './extract.ts';

export interface Workdir {
  work: string;
  cleanup: () => void;
}

export function prepareWorkdir(root: string, blocks: readonly DocBlock[]): Workdir {
  const work = mkdtempSync(path.join(os.tmpdir(), 'toolvet-docs-'));
  cpSync(path.join(root, 'fixtures'), path.join(work, 'fixtures'), { recursive: true });
  symlinkSync(path.join(root, 'node_modules'), path.join(work, 'node_modules'));
  for (const b of blocks.filter((x) => x.writes)) {
    mkdirSync(path.dirname(path.join(work, b.writes!)), { recursive: true });
    writeFileSync(path.join(work, b.writes!), `${b.body}\n`);
  }
  const shims = path.join(work, '.bin');
  mkdirSync(shims);
  writeFileSync(path.join(shims, 'toolvet'), `#!/bin/sh\nexec "${process.execPath}" "${path.join(root, 'bin', 'toolvet.js')}" "$@"\n`);
  chmodSync(path.join(shims, 'toolvet'), 0o755);
  return { work, cleanup: () => rmSync(work, { recursive: true, force: true }) };
}

/** Process groups of the commands run so far: what they left in the background is stopped with them. */
const groups = new Set<number>();

/** Stops whatever the documented commands started in the background (a mock server, say). */
export function stopBackground(): void {
  for (const pgid of groups) {
    try {
      process.kill(-pgid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
  groups.clear();
}

/**
 * One documented command, in bash, from the scratch project; `npx toolvet` is the package's bin. Outside
 * GitHub Actions as the reader is: no pull request and no token reach it, even when the tests run in one.
 */
export function runDocCommand(work: string, command: string): { code: number; out: string } {
  // setsid: a process group of its own, so a server the command leaves in the background can be stopped.
  const result = spawnSync('setsid', ['bash', '-c', command.replace(/\bnpx toolvet\b/g, 'toolvet')], {
    cwd: work,
    env: { ...process.env, PATH: `${path.join(work, '.bin')}:${process.env.PATH}`, NO_COLOR: '1', FORCE_COLOR: '0', GITHUB_ACTIONS: '', CI: '', GITHUB_EVENT_PATH: '', GITHUB_TOKEN: '' },
    encoding: 'utf8',
    timeout: 180_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.pid) groups.add(result.pid);
  return { code: result.status ?? -1, out: `${result.stdout}${result.stderr}` };
}
