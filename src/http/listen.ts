/**
 * The HTTP servers toolvet runs itself (`toolvet view`, `toolvet mock-server`, `startMockServer`): where
 * they listen (127.0.0.1 unless told otherwise), the URL they are reached at, why they could not start,
 * and how they stop. Each decided once here; the servers only handle requests.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ToolvetError } from '../errors.ts';

/** Loopback only: what toolvet serves is for this machine. */
export const LOCAL_HOST = '127.0.0.1';

export interface Listening {
  /** `http://HOST:PORT` (an IPv6 address in brackets), without a trailing slash. */
  origin: string;
  /** The port listened on: the free one picked when 0 was asked for. */
  port: number;
  /** Stops listening and drops open connections (idle keep-alive ones too), so the port is free once it resolves. */
  close(): Promise<void>;
}

function listenHint(code: string | undefined, host: string, port: number): string {
  if (code === 'EADDRINUSE') return `another process holds port ${port}: pick another --port, or 0 for any free one`;
  if (code === 'EACCES') return `port ${port} needs privileges: pick one from 1024 up, or 0 for any free one`;
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') return `${host} is not an address of this machine: listen on ${LOCAL_HOST}`;
  return 'check the address and --port';
}

/** Listens on `host:port` (0: a free port) or throws E_USAGE naming the address and what to do. */
export async function listen(server: Server, port = 0, host = LOCAL_HOST): Promise<Listening> {
  await new Promise<void>((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException): void => {
      reject(new ToolvetError('E_USAGE', `Cannot listen on ${host}:${port} (${error.code ?? error.message}).`, { hint: listenHint(error.code, host, port), cause: error }));
    };
    server.once('error', failed);
    server.listen(port, host, () => {
      server.off('error', failed);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shown = address.address.includes(':') ? `[${address.address}]` : address.address;
  return {
    origin: `http://${shown}:${address.port}`,
    port: address.port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        // An error here only says the server was not listening any more: closed is what was asked for.
        server.close(() => resolve());
      }),
  };
}
