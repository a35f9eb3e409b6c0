/**
 * Processes end: a server whose helper holds its stdout, and one that ignores the end of its stdin and
 * SIGTERM while flooding notifications, are both ended by `close()`, their whole process group with
 * them, and nothing of ours stays open (the CLI exits).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli, startCli } from '../cli/testing.ts';
import { existsSync } from 'node:fs';
import { ServerConnection } from './server-connection.ts';
import { tempDir } from '../testing/temp-dir.ts';

const fixture = (name: string): string => fileURLToPath(new URL(`../../fixtures/servers/${name}`, import.meta.url));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Resolves once `pid` is gone (polled on events of the event loop, no fixed sleep decides the verdict). */
async function gone(pid: number, within = 30_000): Promise<boolean> {
  const until = Date.now() + within;
  while (Date.now() < until) {
    if (!alive(pid)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return !alive(pid);
}

/** Alive and not a zombie (a killed orphan may wait for init to reap it). */
function running(pid: number): boolean {
  if (!alive(pid)) return false;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return existsSync('/proc') ? false : true;
  }
}

describe('processes end', () => {
  it.runIf(process.platform === 'linux')('setsid descendants end with the server: its own detached child and a double-forked orphan', async () => {
    const pidFile = join(tempDir('toolvet-setsid-'), 'pids.json');
    const connection = await ServerConnection.start('daemoniser', { command: process.execPath, args: [fixture('faults/setsid-grandchild.mjs')], env: { SLEEPER_PID_FILE: pidFile } });
    const { direct, orphan } = JSON.parse(readFileSync(pidFile, 'utf8')) as { direct: number; orphan: number };
    try {
      expect((await connection.listTools()).map((t) => t.name)).toEqual(['get_status']);
      // Both left the server's process group and session: a group kill alone misses them.
      for (const pid of [direct, orphan]) expect(running(pid)).toBe(true);
      const stat = (pid: number): string[] => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      expect(stat(direct)[2]).not.toBe(String(connection.pid));
      expect(stat(orphan)[1]).not.toBe(String(connection.pid)); // re-parented: no ancestry left
      await connection.close();
      const until = Date.now() + 30_000;
      while ((running(direct) || running(orphan)) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      expect([running(direct), running(orphan)]).toEqual([false, false]);
    } finally {
      for (const pid of [direct, orphan]) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Ended, as it should be.
        }
      }
    }
  });

  it.runIf(process.platform === 'linux')('through the CLI: once `toolvet lint --config` exits, the setsid descendants are gone too', async () => {
    const dir = tempDir('toolvet-setsid-cli-');
    const pidFile = join(dir, 'pids.json');
    const host = join(dir, 'host.json');
    writeFileSync(host, JSON.stringify({ mcpServers: { daemoniser: { command: process.execPath, args: [fixture('faults/setsid-grandchild.mjs')], env: { SLEEPER_PID_FILE: pidFile } } } }));
    const run = await runCli(['lint', '--config', host], { timeoutMs: 60_000 });
    const { direct, orphan } = JSON.parse(readFileSync(pidFile, 'utf8')) as { direct: number; orphan: number };
    try {
      expect(run.signal).toBeNull();
      const until = Date.now() + 30_000;
      while ((running(direct) || running(orphan)) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      expect([running(direct), running(orphan)]).toEqual([false, false]);
    } finally {
      for (const pid of [direct, orphan]) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Ended, as it should be.
        }
      }
    }
  }, 90_000);

  it('a helper holding the server stdout is ended with the server, and close() returns', async () => {
    const pidFile = join(tempDir('toolvet-grandchild-'), 'pid');
    const connection = await ServerConnection.start('holder', { command: process.execPath, args: [fixture('faults/grandchild-holds-stdout.mjs')], env: { GRANDCHILD_PID_FILE: pidFile } });
    expect((await connection.listTools()).map((t) => t.name)).toEqual(['get_status']);
    const helper = Number(readFileSync(pidFile, 'utf8'));
    const server = connection.pid!;
    expect(alive(helper)).toBe(true);
    await connection.close();
    expect(await gone(server)).toBe(true);
    expect(await gone(helper)).toBe(true);
  });

  it('a server that ignores stdin end and SIGTERM while sending notifications is killed', async () => {
    const connection = await ServerConnection.start('stubborn', { command: process.execPath, args: [fixture('faults/ignores-stdin-end.mjs')] });
    expect((await connection.callTool('get_status', {})).content).toEqual([{ type: 'text', text: 'ok' }]);
    const pid = connection.pid!;
    await connection.close();
    expect(await gone(pid)).toBe(true);
    expect(connection.alive).toBe(false);
  });

  it('the CLI exits after linting both servers (it used to wait for the helper to let go of the pipe)', async () => {
    const dir = tempDir('toolvet-ends-');
    const pidFile = join(dir, 'pid');
    const config = join(dir, 'host.json');
    writeFileSync(
      config,
      JSON.stringify({
        mcpServers: {
          holder: { command: process.execPath, args: [fixture('faults/grandchild-holds-stdout.mjs')], env: { GRANDCHILD_PID_FILE: pidFile } },
          stubborn: { command: process.execPath, args: [fixture('faults/ignores-stdin-end.mjs')] },
        },
      }),
    );
    const run = await runCli(['lint', '--config', config], { cwd: dir });
    expect(run.signal).toBeNull(); // not killed by the runner's 60 s guard: it ended by itself
    expect(run.stderr).not.toMatch(/E_INTERNAL/);
    expect(run.stdout).toMatch(/get_status/);
    expect(await gone(Number(readFileSync(pidFile, 'utf8')))).toBe(true);
  });

  it('a CLI stopped with SIGTERM takes its servers with it (they sit in their own process group)', async () => {
    const dir = tempDir('toolvet-sigterm-');
    const pidFile = join(dir, 'pid');
    const config = join(dir, 'host.json');
    writeFileSync(config, JSON.stringify({ mcpServers: { stubborn: { command: process.execPath, args: [fixture('faults/ignores-stdin-end.mjs')], env: { PID_FILE: pidFile } } } }));
    // bench calls get_status for a while: long enough to be stopped in the middle.
    const { child, done } = startCli(['bench', '--config', config, '--task', 'tools-call', '--iterations', '100000', '--time', '600000'], { cwd: dir });
    const until = Date.now() + 45_000;
    while (!existsSync(pidFile) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    const server = Number(readFileSync(pidFile, 'utf8'));
    try {
      expect(alive(server)).toBe(true);
      child.kill('SIGTERM');
      const run = await done;
      expect(run.signal === 'SIGTERM' || run.code !== null).toBe(true);
      expect(await gone(server)).toBe(true);
    } finally {
      // Never leave the stubborn fixture behind when the test fails.
      if (alive(server)) process.kill(server, 'SIGKILL');
    }
  });
});

