/**
 * The lean driver's POST over node:http(s), with connections kept alive. Node's fetch (undici) spends
 * about three times the CPU of node:http per request on loopback (a Request and a Response object,
 * their streams and headers, an abort signal linked per request): with a fast endpoint that was most
 * of what the client did (P1 in `npm run bench`). What the driver sees is what fetch gave it: the
 * status, the headers, and the body decoded as `Response.text()` decodes it (UTF-8, a leading BOM
 * dropped, a gzip/deflate/br body inflated). The cases where fetch behaves otherwise stay on fetch:
 * an answer that redirects (openai-lean.ts then follows redirects with fetch from there on) and the
 * ports fetch refuses to use.
 */
import type http from 'node:http';
import { lazyRequire } from '../lazy-require.ts';

// Loaded with the first driver, not at import: with https's TLS, 5 ms of CPU a mock eval spent at start for nothing (P7 in npm run bench).
const httpModule = lazyRequire<typeof import('node:http')>('node:http');
const httpsModule = lazyRequire<typeof import('node:https')>('node:https');
const zlibModule = lazyRequire<typeof import('node:zlib')>('node:zlib');

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** Thrown when a kept-alive connection turned out closed before the request was answered: send it again. */
export const STALE_CONNECTION = Symbol('stale connection');

/** The ports the Fetch standard blocks ("bad ports"); fetch refuses them, and so, through fetch, does the driver. */
const FETCH_BAD_PORTS = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110, 111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161,
  179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190,
  5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

/** True when fetch refuses this URL's port (the driver then sends through fetch, which says so). */
export function fetchRefusesPort(url: URL): boolean {
  return FETCH_BAD_PORTS.has(Number(url.port || (url.protocol === 'https:' ? 443 : 80)));
}

/** Statuses fetch answers with a redirect (refused under `redirect: 'error'`, followed otherwise). */
export function isRedirect(status: number): boolean {
  return status === 301 || status === 302 || status === 303 || status === 307 || status === 308;
}

/** The server closed the connection under a request (not an abort of ours, which destroys it with its own reason). */
function closedByServer(error: NodeJS.ErrnoException): boolean {
  return error.code === 'ECONNRESET' || error.code === 'EPIPE';
}

/** Said in fetch's words (its reason for the same event), so a dropped connection reads as it did through fetch. */
function otherSideClosed(): Error {
  return new Error('other side closed');
}

const utf8 = new TextDecoder('utf-8');

/** The body as `Response.text()` gives it: content codings undone (last applied first), UTF-8 without a BOM. */
function bodyText(chunks: Buffer[], coding: string | undefined): string {
  let body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
  if (coding) {
    const zlib = zlibModule();
    for (const c of coding.toLowerCase().split(',').map((s) => s.trim()).reverse()) {
      if (c === 'gzip' || c === 'x-gzip') body = zlib.gunzipSync(body, { finishFlush: zlib.constants.Z_SYNC_FLUSH });
      else if (c === 'deflate') body = zlib.inflateSync(body, { finishFlush: zlib.constants.Z_SYNC_FLUSH });
      else if (c === 'br') body = zlib.brotliDecompressSync(body, { finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH });
      else if (c !== 'identity' && c !== '') break;
    }
  }
  return utf8.decode(body);
}

export interface HttpPoster {
  /** POSTs `body`; `signal` aborting destroys the request (the promise rejects with the abort). */
  post(headers: Readonly<Record<string, string>>, body: string, signal: AbortSignal): Promise<HttpAnswer>;
}

/** A poster to one URL over one agent of kept-alive connections (idle ones never hold the process open). */
export function httpPoster(url: URL): HttpPoster {
  const secure = url.protocol === 'https:';
  const transport = secure ? httpsModule() : httpModule();
  const agent = new transport.Agent({ keepAlive: true });
  const target = { protocol: url.protocol, hostname: url.hostname.replace(/^\[|\]$/g, ''), port: url.port, path: `${url.pathname}${url.search}`, method: 'POST', agent };
  // What Node's fetch adds to every request, so an endpoint sees the same headers either way.
  const fetchHeaders = { 'accept-language': '*', 'sec-fetch-mode': 'cors', 'user-agent': 'node', 'accept-encoding': secure ? 'br, gzip, deflate' : 'gzip, deflate' };
  return {
    post: (headers, body, signal) =>
      new Promise((resolve, reject) => {
        const request = transport.request({ ...target, headers: { ...fetchHeaders, ...headers, 'content-length': String(Buffer.byteLength(body)) } });
        let answered = false;
        const onAbort = (): void => void request.destroy(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
        signal.addEventListener('abort', onAbort, { once: true });
        const done = (): void => signal.removeEventListener('abort', onAbort);
        request.once('error', (error: NodeJS.ErrnoException) => {
          done();
          // Node's documented race: the server closed a kept-alive connection as this request went out on it.
          if (!answered && request.reusedSocket && error.code === 'ECONNRESET' && !signal.aborted) reject(STALE_CONNECTION);
          else reject(closedByServer(error) ? otherSideClosed() : error);
        });
        request.once('response', (response) => {
          answered = true;
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          let ended = false;
          const fail = (error: Error): void => {
            done();
            reject(error);
          };
          response.once('error', (error: NodeJS.ErrnoException) => fail(closedByServer(error) ? otherSideClosed() : error));
          // A connection closed mid-body ends the response without 'end' (and, on some paths, without 'error').
          response.once('close', () => {
            if (!ended) fail(otherSideClosed());
          });
          response.once('end', () => {
            ended = true;
            done();
            try {
              resolve({ status: response.statusCode ?? 0, headers: response.headers, text: bodyText(chunks, response.headers['content-encoding']) });
            } catch (error) {
              reject(error);
            }
          });
        });
        request.end(body);
      }),
  };
}

/** The answer's headers as a Headers object, for the error and retry paths that read them. */
export function headersOf(headers: http.IncomingHttpHeaders): Headers {
  const out = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) out.append(name, v);
    else out.append(name, value);
  }
  return out;
}
