/**
 * The commands that serve over HTTP until Ctrl-C, run as a user runs them (a child process of
 * bin/toolvet.js, real HTTP on 127.0.0.1): `toolvet view` and `toolvet mock-server` alike print their
 * URL alone on stdout, answer there, close on SIGINT and SIGTERM with exit 0 and free their port, and
 * refuse a taken port or a bad --port with exit 3.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../../bin/toolvet.js', import.meta.url));
// Any folder will do: the index page lists the result files in it, none here.
const FOLDER = fileURLToPath(new URL('../../fixtures/tools', import.meta.url));

/** Each command, its arguments, and a path its server answers 200 at. */
const COMMANDS = [
  { name: 'view', args: ['view', FOLDER], path: '' },
  { name: 'mock-server', args: ['mock-server'], path: '/models' },
] as const;

const started: ChildProcess[] = [];
afterAll(() => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

function start(args: readonly string[]): { child: ChildProcess; url: Promise<string>; stderr: () => string; stdout: () => string } {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(child);
  let out = '';
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const url = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n')) resolve(out.split('\n')[0]);
    });
    child.once('exit', (code) => reject(new Error(`exited ${code} before printing a URL: ${err}`)));
  });
  url.catch(() => undefined);
  return { child, url, stderr: () => err, stdout: () => out };
}

function accepts(port: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

describe.each(COMMANDS)('toolvet $name', ({ name, args, path }) => {
  it.each(['SIGINT', 'SIGTERM'] as const)('prints its URL alone on stdout, answers there, and on %s closes, frees the port and exits 0', async (signal) => {
    const { child, url, stderr, stdout } = start([...args, '--port', '0']);
    const base = await url;
    expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/(v1)?$/);
    const answer = await fetch(`${base}${path}`);
    expect(answer.status).toBe(200);
    await answer.arrayBuffer();
    expect(stderr()).toContain(`toolvet ${name}: `);
    expect(stderr()).toContain('; Ctrl-C stops it\n');
    child.kill(signal);
    const [code] = await once(child, 'exit');
    expect(code, stderr()).toBe(0);
    expect(stdout()).toBe(`${base}\n`);
    expect(stderr()).toContain(`toolvet ${name}: ${signal} received, closed\n`);
    expect(await accepts(new URL(base).port)).toBe(false);
  });

  it('a port that is taken: exit 3, E_USAGE naming the port, with what to do', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as net.AddressInfo;
    try {
      const { child, stderr } = start([...args, '--port', String(port)]);
      const [code] = await once(child, 'exit');
      expect(code, stderr()).toBe(3);
      expect(stderr()).toContain(`E_USAGE: Cannot listen on 127.0.0.1:${port} (EADDRINUSE).`);
      expect(stderr()).toContain(`another process holds port ${port}: pick another --port, or 0 for any free one`);
    } finally {
      blocker.close();
    }
  });

  it.each(['', '0x10', '-1', '65536', '80.5'])('--port %j is refused, naming the flag', (value) => {
    const run = spawnSync(process.execPath, [BIN, ...args, '--port', value], { encoding: 'utf8' });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain("option '--port <n>' argument");
    expect(run.stderr).toContain('must be a port number from 0 to 65535 (0: any free port)');
  });
});

it('toolvet view of a folder that is not there: exit 3, naming it', () => {
  const missing = fileURLToPath(new URL('../../fixtures/no-such-folder', import.meta.url));
  const run = spawnSync(process.execPath, [BIN, 'view', missing, '--port', '0'], { encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(3);
  expect(run.stderr).toContain(`E_USAGE: cannot serve ${missing}: it is not a folder`);
});
