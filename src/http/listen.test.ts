/**
 * listen (src/http/listen.ts) over real HTTP on this machine: where it listens and the URL it gives,
 * a port that is taken or an address that is not this machine's as E_USAGE with what to do, and a
 * close that frees the port although a client still holds an idle keep-alive connection.
 */
import { createServer, request, Agent, type Server } from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ToolvetError } from '../errors.ts';
import { listen, LOCAL_HOST } from './listen.ts';

const open: Server[] = [];
afterEach(async () => {
  for (const server of open.splice(0)) await new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve())));
});

function helloServer(): Server {
  const server = createServer((_req, res) => res.end('hello'));
  open.push(server);
  return server;
}

function get(url: string, agent?: Agent): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Whether something accepts connections on 127.0.0.1:port. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, LOCAL_HOST);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

async function refusal(run: () => Promise<unknown>): Promise<ToolvetError> {
  const error = await run().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ToolvetError);
  return error as ToolvetError;
}

describe('listen', () => {
  it('listens on 127.0.0.1 at a free port by default and serves there', async () => {
    const server = helloServer();
    const listening = await listen(server);
    expect(listening.port).toBeGreaterThan(0);
    expect(listening.origin).toBe(`http://127.0.0.1:${listening.port}`);
    expect(await get(`${listening.origin}/`)).toEqual({ status: 200, body: 'hello' });
    // Listening succeeded: the start-up error handler is gone, so a later error is not taken for a start-up one.
    expect(server.listenerCount('error')).toBe(0);
    await listening.close();
  });

  it('gives an IPv6 address in brackets', async () => {
    const listening = await listen(helloServer(), 0, '::1');
    expect(listening.origin).toBe(`http://[::1]:${listening.port}`);
    expect((await get(`${listening.origin}/`)).body).toBe('hello');
    await listening.close();
  });

  it('listens on the port asked for', async () => {
    const probe = await listen(helloServer());
    await probe.close();
    const listening = await listen(helloServer(), probe.port);
    expect(listening.port).toBe(probe.port);
    await listening.close();
  });

  it('close frees the port while a client holds an idle keep-alive connection', async () => {
    const listening = await listen(helloServer());
    const agent = new Agent({ keepAlive: true });
    try {
      expect((await get(`${listening.origin}/`, agent)).body).toBe('hello');
      await listening.close();
      expect(await accepts(listening.port)).toBe(false);
      // The same port can be listened on again at once.
      const again = await listen(helloServer(), listening.port);
      expect(again.port).toBe(listening.port);
      await again.close();
    } finally {
      agent.destroy();
    }
  });

  it('a taken port is E_USAGE naming the address, with what to do', async () => {
    const taken = await listen(helloServer());
    const error = await refusal(() => listen(helloServer(), taken.port));
    expect({ code: error.code, message: error.message, hint: error.hint }).toEqual({
      code: 'E_USAGE',
      message: `Cannot listen on 127.0.0.1:${taken.port} (EADDRINUSE).`,
      hint: `another process holds port ${taken.port}: pick another --port, or 0 for any free one`,
    });
    await taken.close();
  });

  it('an address that is not this machine is E_USAGE pointing to 127.0.0.1', async () => {
    // 192.0.2.1 is TEST-NET-1 (RFC 5737): never an address of this machine.
    const error = await refusal(() => listen(helloServer(), 0, '192.0.2.1'));
    expect({ code: error.code, message: error.message, hint: error.hint }).toEqual({
      code: 'E_USAGE',
      message: 'Cannot listen on 192.0.2.1:0 (EADDRNOTAVAIL).',
      hint: '192.0.2.1 is not an address of this machine: listen on 127.0.0.1',
    });
  });

  it('close of a server that already stopped resolves', async () => {
    const listening = await listen(helloServer());
    await listening.close();
    await expect(listening.close()).resolves.toBeUndefined();
  });
});
