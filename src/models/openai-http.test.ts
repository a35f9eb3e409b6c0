/**
 * The lean driver's node:http path against real HTTP on 127.0.0.1: an endpoint sees the headers
 * fetch would have sent, the body reads as `Response.text()` reads it, and the ports fetch refuses
 * are left to fetch.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchRefusesPort, httpPoster, STALE_CONNECTION } from './openai-http.ts';
import { createLeanTransport } from './openai-lean.ts';

interface Seen {
  headers: http.IncomingHttpHeaders;
  body: string;
}

let server: http.Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** An endpoint answering every request with `answer` (raw bytes, with `headers`), noting what it received. */
async function endpoint(answer: Buffer, headers: Record<string, string> = { 'content-type': 'application/json' }): Promise<{ url: URL; seen: Seen[] }> {
  const seen: Seen[] = [];
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { ...headers, 'content-length': String(answer.length) });
      res.end(answer);
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/chat/completions`), seen };
}

const HEADERS = { 'content-type': 'application/json', accept: 'application/json', authorization: 'Bearer sk-no-key' };

describe('httpPoster', () => {
  it('sends what fetch sends: the same headers and body', async () => {
    const { url, seen } = await endpoint(Buffer.from('{}'));
    const body = JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'héllo' }] });
    await (await fetch(url, { method: 'POST', headers: HEADERS, body, redirect: 'error' })).text();
    await httpPoster(url).post(HEADERS, body, new AbortController().signal);
    expect(seen).toHaveLength(2);
    expect(seen[1].body).toBe(seen[0].body);
    expect(seen[1].headers).toEqual(seen[0].headers);
  });

  it.each([
    ['a UTF-8 body with a byte order mark', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"a":"ü"}')]), {}],
    ['a gzip body', zlib.gzipSync('{"a":"gz"}'), { 'content-encoding': 'gzip' }],
    ['a deflate body', zlib.deflateSync('{"a":"df"}'), { 'content-encoding': 'deflate' }],
    ['a brotli body', zlib.brotliCompressSync('{"a":"br"}'), { 'content-encoding': 'br' }],
    ['bytes that are not UTF-8', Buffer.from([0x7b, 0xff, 0x7d]), {}],
  ])('reads %s as Response.text() does', async (_name, bytes, headers) => {
    const { url } = await endpoint(bytes, { 'content-type': 'application/json', ...headers });
    const viaFetch = await (await fetch(url, { method: 'POST', headers: HEADERS, body: '{}' })).text();
    const answer = await httpPoster(url).post(HEADERS, '{}', new AbortController().signal);
    expect(answer.status).toBe(200);
    expect(answer.text).toBe(viaFetch);
  });

  it('sends a request again, once, when its kept-alive connection was closed under it', async () => {
    // The second request on a connection finds it closed without an answer (a server's idle timeout racing the send).
    const served = new WeakSet<object>();
    let requests = 0;
    server = http.createServer((req, res) => {
      requests += 1;
      req.resume();
      if (served.has(req.socket)) return void req.socket.destroy();
      served.add(req.socket);
      req.on('end', () => res.end('{"ok":true}'));
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/chat/completions`);
    const poster = httpPoster(url);
    const signal = new AbortController().signal;
    expect((await poster.post(HEADERS, '{}', signal)).text).toBe('{"ok":true}');
    await expect(poster.post(HEADERS, '{}', signal)).rejects.toBe(STALE_CONNECTION);
    expect((await poster.post(HEADERS, '{}', signal)).text).toBe('{"ok":true}');
    expect(requests).toBe(3);
    // The driver sends it again itself, without spending a retry (there are none here).
    const send = createLeanTransport({ url: url.href, apiKey: 'sk-no-key', timeoutMs: 5_000, maxRetries: 0, maxRetryAfterMs: 60_000 });
    expect(await send('{}')).toBe('{"ok":true}');
    expect(await send('{}')).toBe('{"ok":true}');
    expect(requests).toBe(6);
  });

  it('stops at an abort with the abort', async () => {
    server = http.createServer(() => undefined);
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/chat/completions`);
    const controller = new AbortController();
    const sent = httpPoster(url).post(HEADERS, '{}', controller.signal);
    controller.abort(new Error('stop'));
    await expect(sent).rejects.toThrow('stop');
    server.closeAllConnections();
  });
});

describe('fetchRefusesPort', () => {
  it('names exactly ports fetch refuses, and not the usual ones', async () => {
    const listed = Array.from({ length: 11_000 }, (_, port) => port).filter((port) => port > 0 && fetchRefusesPort(new URL(`http://127.0.0.1:${port}/v1`)));
    expect(listed).toHaveLength(82);
    for (const port of listed) {
      // Fetch refuses a bad port before it connects to anything.
      const refused = await fetch(`http://127.0.0.1:${port}/`).then(
        () => undefined,
        (error: Error) => (error.cause as Error | undefined)?.message,
      );
      expect(refused, `port ${port}`).toBe('bad port');
    }
    for (const port of [80, 443, 1234, 8000, 8080, 11434]) expect(fetchRefusesPort(new URL(`http://127.0.0.1:${port}/v1`))).toBe(false);
    expect(fetchRefusesPort(new URL('https://api.example.com/v1'))).toBe(false);
  });
});
