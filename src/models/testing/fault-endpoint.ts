/**
 * A tiny OpenAI-compatible HTTP server whose every answer is scripted, for tests of how Toolvet
 * copes with a misbehaving model endpoint: odd status codes, Retry-After, bodies that are not JSON,
 * delays, dropped connections, cut-off tool arguments, ignored tools. Reply builders are in replies.ts.
 *
 * A script is either a function (called for every request, any method and path) or a queue of replies
 * consumed by `POST .../chat/completions` only; with a queue, `GET .../models` lists `models` and other
 * paths get 404, so a client's preflight calls do not eat the script.
 */
import http from 'node:http';
import { setMaxListeners } from 'node:events';
import type { AddressInfo } from 'node:net';

export interface FaultRequest {
  /** 0-based position among all requests this endpoint received. */
  index: number;
  method: string;
  /** The path without the query string, e.g. `/v1/chat/completions`. */
  path: string;
  headers: http.IncomingHttpHeaders;
  rawBody: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  body: unknown;
}

export interface FaultReply {
  /** Default 200. */
  status?: number;
  headers?: Record<string, string>;
  /** Sent as JSON with content-type application/json. */
  json?: unknown;
  /** Sent verbatim; give a content-type header yourself (default text/plain). */
  raw?: string | Buffer;
  /** Wait this long before sending anything. */
  delayMs?: number;
  /** Send the headers and this much of the body, then stall for `stallMs` (default: until closed). */
  stallAfterBytes?: number;
  stallMs?: number;
  /** Drop the connection without an answer. */
  destroy?: boolean;
}

export type FaultScript = (request: FaultRequest) => FaultReply | Promise<FaultReply>;

export interface FaultEndpointOptions {
  host?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Model ids listed by `GET /v1/models` when the script is a queue. */
  models?: string[];
}

export interface FaultEndpoint {
  /** The base URL, ending in /v1. */
  url: string;
  /** Every request received, in order. */
  requests: FaultRequest[];
  close(): Promise<void>;
}

function queueScript(queue: FaultReply[], models: string[]): FaultScript {
  const pending = [...queue];
  return (request) => {
    if (request.method === 'GET' && request.path.endsWith('/models')) {
      return { json: { object: 'list', data: models.map((id) => ({ id, object: 'model', created: 0, owned_by: 'fault-endpoint' })) } };
    }
    if (request.method !== 'POST' || !request.path.endsWith('/chat/completions')) {
      return { status: 404, json: { error: { message: `no route ${request.method} ${request.path}`, type: 'not_found_error' } } };
    }
    const next = pending.shift();
    if (next !== undefined) return next;
    // Loud rather than silent: a test that sends more requests than it scripted should see why.
    return {
      status: 599,
      json: { error: { message: `fault endpoint: no scripted reply left for request ${request.index}`, type: 'script_exhausted' } },
    };
  };
}

async function send(res: http.ServerResponse, reply: FaultReply, closing: AbortSignal): Promise<void> {
  if (reply.delayMs) await sleep(reply.delayMs, closing);
  if (reply.destroy) {
    res.socket?.destroy();
    return;
  }
  let payload: Buffer;
  const headers: Record<string, string> = {};
  if (reply.raw !== undefined) {
    payload = Buffer.isBuffer(reply.raw) ? reply.raw : Buffer.from(reply.raw);
    headers['content-type'] = 'text/plain; charset=utf-8';
  } else {
    payload = Buffer.from(reply.json === undefined ? '' : JSON.stringify(reply.json));
    headers['content-type'] = 'application/json';
  }
  Object.assign(headers, reply.headers);
  headers['content-length'] = String(payload.length);
  res.writeHead(reply.status ?? 200, headers);
  if (reply.stallAfterBytes !== undefined) {
    res.write(payload.subarray(0, reply.stallAfterBytes));
    await sleep(reply.stallMs ?? 2 ** 31 - 1, closing);
    res.socket?.destroy();
    return;
  }
  res.end(payload);
}

function sleep(ms: number, closing: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      closing.removeEventListener('abort', done);
      resolve();
    }
    closing.addEventListener('abort', done, { once: true });
  });
}

export async function startFaultEndpoint(
  script: FaultScript | FaultReply[],
  options: FaultEndpointOptions = {},
): Promise<FaultEndpoint> {
  const handle = typeof script === 'function' ? script : queueScript(script, options.models ?? ['fault-model']);
  const requests: FaultRequest[] = [];
  const closing = new AbortController();
  // Every delayed reply listens for close; many at once is normal here.
  setMaxListeners(0, closing.signal);
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = rawBody === '' ? undefined : JSON.parse(rawBody);
      } catch {
        body = undefined;
      }
      const request: FaultRequest = {
        index: requests.length,
        method: req.method ?? 'GET',
        path: (req.url ?? '/').split('?')[0],
        headers: req.headers,
        rawBody,
        body,
      };
      requests.push(request);
      Promise.resolve()
        .then(() => handle(request))
        .then((reply) => send(res, reply, closing.signal))
        .catch((error: unknown) => {
          if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
          res.end(`fault endpoint script failed: ${(error as Error).message}`);
        });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}/v1`,
    requests,
    close: async () => {
      closing.abort();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
