/**
 * The lean request path of the OpenAI-compatible driver: the same POST to `/chat/completions` the
 * `openai` package sends, with the same retry policy (connection errors, timeouts, 408/409/429/5xx,
 * `x-should-retry`, `retry-after-ms` / `Retry-After`, exponential back-off with jitter), and failures
 * thrown as the package's own error classes, so `describeModelError` maps both paths alike. What it
 * leaves out is the client's per-request work that costs more than the request on loopback (header
 * objects rebuilt per call, log formatting that runs with logging off, a second buffered Response per
 * answer): one timer and one abort per try (also keeping the runner's case deadline), and requests
 * sent over node:http(s) with kept-alive connections (openai-http.ts), through Node's fetch only after
 * an endpoint redirected and on the ports fetch refuses.
 */
import { PAST_DEADLINE as DEADLINE_CAUSE, ToolvetError } from '../errors.ts';
import { loadedOpenAI, loadOpenAI, type OpenAIPackage } from './openai-package.ts';
import { fetchRefusesPort, headersOf, httpPoster, isRedirect, STALE_CONNECTION } from './openai-http.ts';

export interface LeanTransportOptions {
  /** The chat-completions URL. */
  url: string;
  apiKey: string;
  timeoutMs: number;
  maxRetries: number;
  /** A Retry-After longer than this is not waited out (the request fails as rate limited). */
  maxRetryAfterMs: number;
}

/**
 * Sends one request body (JSON text), retrying as the package does. `deadline` (a `performance.now()`
 * time) bounds the whole request, every try and wait: the caller's case deadline, kept by this one
 * timer per try instead of a second timer and abort of the caller's own. Past it, E_MODEL_TIMEOUT.
 */
export type LeanSend = (payload: string, signal?: AbortSignal, deadline?: number) => Promise<unknown>;

const TIMED_OUT = Symbol('timed out');
const PAST_DEADLINE = Symbol('past the deadline');

/** The request ran past the caller's deadline (the runner says which case and which limit). */
export function pastDeadline(): ToolvetError {
  return new ToolvetError('E_MODEL_TIMEOUT', 'the request ran past its deadline', { hint: 'raise --case-timeout, or check that the model endpoint is not overloaded', cause: DEADLINE_CAUSE });
}

/** The package's error classes, loaded only when there is an error to throw. */
const errors = async (): Promise<OpenAIPackage> => loadedOpenAI() ?? loadOpenAI();

/** The wait a server asks for: `retry-after-ms`, else `Retry-After` in seconds or as a date. */
export function retryAfterMs(headers: Headers): number | undefined {
  const ms = headers.get('retry-after-ms');
  if (ms !== null && !Number.isNaN(Number.parseFloat(ms))) return Number.parseFloat(ms);
  const value = headers.get('retry-after');
  if (value === null) return undefined;
  const seconds = Number.parseFloat(value);
  if (!Number.isNaN(seconds)) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : date - Date.now();
}

function shouldRetry(status: number, headers: Headers, maxRetryAfterMs: number): boolean {
  const header = headers.get('x-should-retry');
  if (header === 'true') return true;
  if (header === 'false') return false;
  if (status === 429) {
    const wait = retryAfterMs(headers);
    if (wait !== undefined && wait > maxRetryAfterMs) return false;
  }
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/** The package's own back-off: 0.5 s doubling to 8 s, minus up to 25% jitter; a server's wait under 60 s wins. */
function backoffMs(retry: number, headers?: Headers): number {
  const asked = headers ? retryAfterMs(headers) : undefined;
  if (asked !== undefined && asked >= 0 && asked < 60_000) return asked;
  return Math.min(0.5 * 2 ** retry, 8) * (1 - Math.random() * 0.25) * 1000;
}

const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Node's fetch copies every request it may have to follow a redirect with (the body teed into two
 * streams, a second Request): about a tenth of the client's CPU per request on loopback (P1 in
 * `npm run bench`). Refusing redirects, with no window, skips the copy. An endpoint that does redirect
 * answers the first request with it, and the transport then sends that request again, following
 * redirects from then on as it always did.
 */
const NO_COPY = { redirect: 'error', window: null } as const;

/** An answer over node:http with a redirect status (openai-http.ts): what fetch refuses under `redirect: 'error'`. */
const REDIRECTED = Symbol('redirected');

/** Node's fetch refused a redirect (`redirect: 'error'`): the server answered 3xx and did not run the request. */
function refusedRedirect(error: unknown): boolean {
  return error instanceof TypeError && (error.cause as Error | undefined)?.message === 'unexpected redirect';
}

export function createLeanTransport(options: LeanTransportOptions): LeanSend {
  const headers = { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${options.apiKey}` };
  const url = new URL(options.url);
  // node:http unless fetch would refuse the port (it then says so, as it always did).
  const poster = fetchRefusesPort(url) ? undefined : httpPoster(url);
  let follow = false;
  /** One try: the answer's status, headers and body text; through fetch once an endpoint redirected. */
  const send = async (payload: string, signal: AbortSignal): Promise<{ status: number; headers: () => Headers; contentType: string; text: string }> => {
    if (poster && !follow) {
      const answer = await poster.post(headers, payload, signal);
      // Fetch under `redirect: 'error'` refuses any redirect status: the same signal to send again, following.
      if (isRedirect(answer.status)) throw REDIRECTED;
      return { status: answer.status, headers: () => headersOf(answer.headers), contentType: answer.headers['content-type'] ?? '', text: answer.text };
    }
    const response = await fetch(options.url, { method: 'POST', headers, body: payload, signal, ...(follow ? {} : NO_COPY) });
    // The body is read under the same deadline: a server that stalls mid-body times out too.
    const text = await response.text();
    return { status: response.status, headers: () => response.headers, contentType: response.headers.get('content-type') ?? '', text };
  };
  return async (payload, signal, deadline) => {
    const remaining = (): number => (deadline === undefined ? Number.POSITIVE_INFINITY : deadline - performance.now());
    let resent = false;
    for (let retry = 0; ; retry++) {
      if (signal?.aborted) throw new (await errors()).APIUserAbortError();
      const left = remaining();
      if (left <= 0) throw pastDeadline();
      const controller = new AbortController();
      const ending = left < options.timeoutMs ? PAST_DEADLINE : TIMED_OUT;
      const timer = setTimeout(() => controller.abort(ending), Math.min(left, options.timeoutMs));
      const onAbort = (): void => controller.abort(signal?.reason);
      signal?.addEventListener('abort', onAbort, { once: true });
      const retriesLeft = retry < options.maxRetries;
      try {
        let answer: Awaited<ReturnType<typeof send>>;
        try {
          answer = await send(payload, controller.signal);
        } catch (error) {
          if (!follow && (error === REDIRECTED || refusedRedirect(error))) {
            // Not a failed try: send it again at once, following redirects from now on.
            follow = true;
            retry -= 1;
            continue;
          }
          if (error === STALE_CONNECTION && !resent) {
            // The request never reached a server that read it: send it again at once, on a fresh connection.
            resent = true;
            retry -= 1;
            continue;
          }
          const OpenAI = await errors();
          if (signal?.aborted) throw new OpenAI.APIUserAbortError();
          if (controller.signal.reason === PAST_DEADLINE) throw pastDeadline();
          const timedOut = controller.signal.reason === TIMED_OUT;
          if (retriesLeft) {
            await sleep(Math.min(backoffMs(retry), remaining()), signal);
            continue;
          }
          if (timedOut) throw new OpenAI.APIConnectionTimeoutError();
          const cause = error === STALE_CONNECTION ? Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) : error;
          throw new OpenAI.APIConnectionError({ cause: cause instanceof Error ? cause : new Error(String(cause)) });
        }
        if (answer.status >= 200 && answer.status < 300) {
          // As the package does: JSON when the server says so (a broken body throws SyntaxError), else the text.
          return answer.contentType.includes('json') ? JSON.parse(answer.text) : answer.text;
        }
        const answerHeaders = answer.headers();
        if (retriesLeft && shouldRetry(answer.status, answerHeaders, options.maxRetryAfterMs)) {
          await sleep(Math.min(backoffMs(retry, answerHeaders), remaining()), signal);
          continue;
        }
        const json = safeJson(answer.text) as Record<string, unknown> | undefined;
        throw (await errors()).APIError.generate(answer.status, json, json ? undefined : answer.text, answerHeaders);
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      }
    }
  };
}
