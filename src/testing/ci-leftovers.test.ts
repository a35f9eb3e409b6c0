/**
 * .ci/leftovers.mjs, the check .ci/run makes after the tests: a process a "test" left running (here a
 * detached one, in a session of its own, with its working folder in the clone), a file written at the
 * top of the tests' TMPDIR and a temporary folder left in it fail it, each named; the process is
 * killed. The processes and folders are this test's own.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('../../.ci/leftovers.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'toolvet-ci-leftovers-'));
const started: ChildProcess[] = [];
afterAll(() => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

function leftovers(args: string[]): { code: number | null; out: string } {
  const run = spawnSync(process.execPath, [SCRIPT, ...args], { encoding: 'utf8' });
  return { code: run.status, out: run.stdout + run.stderr };
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));
}

describe('.ci/leftovers.mjs', () => {
  it('names and kills a detached process left in the clone, fails on a top-level file and a folder', async () => {
    const root = join(dir, 'clone');
    const tmp = join(dir, 'tmp');
    mkdirSync(root);
    mkdirSync(tmp);
    const before = join(dir, 'before');
    writeFileSync(before, leftovers(['snapshot']).out);
    // A server a test forgot: detached (its own session), so only its working folder ties it to the clone.
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', 'forgotten-server'], { cwd: root, detached: true, stdio: 'ignore' });
    started.push(child);
    writeFileSync(join(tmp, 'fixed-name.json'), '{}');
    mkdirSync(join(tmp, 'toolvet-case-abc123'));
    const run = leftovers(['check', '--before', before, '--session', '', '--root', root, '--tmp', tmp, '--grace', '0']);
    expect(run.code, run.out).toBe(1);
    expect(run.out).toContain(`pid ${child.pid}: ${process.execPath} -e setInterval(() => {}, 1000) forgotten-server`);
    expect(run.out).toContain(`working folder ${root}`);
    expect(run.out).toMatch(/1 file\(s\) written at the top of the temporary folder.*: fixed-name\.json/);
    expect(run.out).toMatch(/1 temporary folder\(s\) left in the temporary folder.*\nci: {3}toolvet-case-abc123\n/);
    await exited(child);
    expect(child.signalCode).toBe('SIGKILL');
  });

  it('fails on temporary folders alone, naming each; passes on an empty temporary folder', () => {
    const root = join(dir, 'clean-clone');
    const tmp = join(dir, 'clean-tmp');
    mkdirSync(root);
    // A tool's cache is no exception: .ci/run keeps caches out of TMPDIR, so any folder is a leftover.
    for (const name of ['toolvet-left-abc', 'tsx-0', '.hidden-left']) mkdirSync(join(tmp, name), { recursive: true });
    const before = join(dir, 'clean-before');
    writeFileSync(before, leftovers(['snapshot']).out);
    const args = ['check', '--before', before, '--root', root, '--tmp', tmp, '--grace', '0'];
    const run = leftovers(args);
    expect(run.code, run.out).toBe(1);
    expect(run.out).toContain('ci: 3 temporary folder(s) left in the temporary folder');
    expect(run.out).toContain('tempDir (src/testing/temp-dir.ts)');
    expect(run.out.split('\n').filter((l) => l.startsWith('ci:   '))).toEqual(['ci:   .hidden-left', 'ci:   toolvet-left-abc', 'ci:   tsx-0']);
    expect(run.out).not.toContain('process(es) left');
    for (const name of ['toolvet-left-abc', 'tsx-0', '.hidden-left']) rmSync(join(tmp, name), { recursive: true });
    const clean = leftovers(args);
    expect(clean.code, clean.out).toBe(0);
    expect(clean.out).toBe('');
  });

  it('names the first 100 folders and counts the rest', () => {
    const root = join(dir, 'many-clone');
    const tmp = join(dir, 'many-tmp');
    mkdirSync(root);
    for (let i = 0; i < 102; i += 1) mkdirSync(join(tmp, `toolvet-many-${String(i).padStart(3, '0')}`), { recursive: true });
    const before = join(dir, 'many-before');
    writeFileSync(before, leftovers(['snapshot']).out);
    const run = leftovers(['check', '--before', before, '--root', root, '--tmp', tmp, '--grace', '0']);
    expect(run.code, run.out).toBe(1);
    const named = run.out.split('\n').filter((l) => l.startsWith('ci:   '));
    expect(named.length).toBe(101);
    expect(named[99]).toBe('ci:   toolvet-many-099');
    expect(named[100]).toBe('ci:   ... and 2 more');
  });

  it("finds a process in the tests' session although its path is elsewhere", async () => {
    const root = join(dir, 'session-clone');
    mkdirSync(root);
    const before = join(dir, 'session-before');
    writeFileSync(before, leftovers(['snapshot']).out);
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { cwd: tmpdir(), detached: true, stdio: 'ignore' });
    started.push(child);
    // A detached child leads its own session: its id is the session's.
    const run = leftovers(['check', '--before', before, '--session', String(child.pid), '--root', root, '--grace', '0']);
    expect(run.code, run.out).toBe(1);
    expect(run.out).toContain(`pid ${child.pid} (in the tests' session)`);
    await exited(child);
  });
});
