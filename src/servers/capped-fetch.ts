/**
 * The caps of the stdio transport, on HTTP too. A remote server's answer is read through a `fetch`
 * whose body counts what arrives, after decompression (fetch inflates `content-encoding: gzip`, so a
 * 1.5 MB gzip bomb is counted at its 1.5 GB), and errors the stream the moment a cap is passed:
 * - bytes of one message: a JSON body, or one SSE event (the stdio transport's 10 MB);
 * - bytes of one SSE line (a `data:` line that never ends grew to 1 GB in 30 s);
 * - nesting of objects and arrays (a message nested thousands deep overflows the SDK's checks).
 * The breach is reported to `onBreach` first, so the connection fails every waiting call with
 * E_SERVER_LIMIT for that server alone, promptly, instead of a timeout or E_INTERNAL.
 */
import { MAX_JSON_DEPTH } from '../safety/json-depth.ts';

export interface TransportLimits {
  /** Bytes of one message: a JSON response body, or one SSE event (inflated size). */
  maxMessageBytes: number;
  /** Bytes of one line of an SSE stream. */
  maxLineBytes: number;
  /** Nesting of objects and arrays in one message. */
  maxDepth: number;
}

/** The stdio transport's per-message cap (the MCP SDK's 10 MB), on every transport. */
export const DEFAULT_TRANSPORT_LIMITS: TransportLimits = { maxMessageBytes: 10 * 1024 * 1024, maxLineBytes: 10 * 1024 * 1024, maxDepth: MAX_JSON_DEPTH };

export interface Breach {
  message: string;
  hint: string;
}

const MB = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(bytes % (1024 * 1024) === 0 ? 0 : 1)} MB`;

/** Counts one response body as it streams; `push` says which cap a chunk passes, if any. */
export class StreamCaps {
  private message = 0;
  private line = 0;
  private depth = 0;
  private inString = false;
  private escaped = false;
  private lastWasCr = false;

  constructor(
    private readonly limits: TransportLimits,
    private readonly sse: boolean,
  ) {}

  push(chunk: Uint8Array): Breach | undefined {
    const { limits } = this;
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i];
      if (this.sse && (b === 0x0a || b === 0x0d)) {
        // "\r\n" is one line end; an empty line ends an SSE event (one message).
        if (b === 0x0a && this.lastWasCr) {
          this.lastWasCr = false;
          continue;
        }
        this.lastWasCr = b === 0x0d;
        if (this.line === 0) this.endMessage();
        this.line = 0;
        this.inString = false; // a JSON string never spans lines
        continue;
      }
      this.lastWasCr = false;
      this.message++;
      this.line++;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (b === 0x5c) this.escaped = true;
        else if (b === 0x22) this.inString = false;
      } else if (b === 0x22) this.inString = true;
      else if (b === 0x7b || b === 0x5b) {
        if (++this.depth > limits.maxDepth) {
          return { message: `sent a message nested deeper than ${limits.maxDepth} levels`, hint: 'flatten the data; no client reads messages nested this deep' };
        }
      } else if (b === 0x7d || b === 0x5d) this.depth = Math.max(0, this.depth - 1);
    }
    if (this.sse && this.line > limits.maxLineBytes) {
      return { message: `sent an SSE line of more than ${MB(limits.maxLineBytes)} without a line end (the limit of one line)`, hint: 'end every SSE line; send large data in pages, or as a resource link' };
    }
    if (this.message > limits.maxMessageBytes) {
      return {
        message: `sent a message of more than ${MB(limits.maxMessageBytes)}${this.sse ? ' in one SSE event' : ''} (after decompression), the limit of one message on every transport`,
        hint: 'return large data in pages, or as a resource link, instead of one huge result',
      };
    }
    return undefined;
  }

  private endMessage(): void {
    this.message = 0;
    this.depth = 0;
  }
}

/** Statuses whose Response may not carry a body. */
const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * A `fetch` for the SDK's HTTP transports whose response bodies are read under `limits`; the first
 * breach goes to `onBreach`, then the body errors (and the connection is cancelled).
 */
export function cappedFetch(limits: TransportLimits, onBreach: (breach: Breach) => void, inner: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const response = await inner(input, init);
    if (!response.body || NO_BODY.has(response.status)) return response;
    const caps = new StreamCaps(limits, (response.headers.get('content-type') ?? '').toLowerCase().includes('text/event-stream'));
    const body = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          const breach = caps.push(chunk);
          if (!breach) return controller.enqueue(chunk);
          onBreach(breach);
          controller.error(new Error(`response over the transport limit: ${breach.message}`));
        },
      }),
    );
    const capped = new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
    // The SDK reads `url` and `redirected` (redirect checks); a constructed Response has neither.
    Object.defineProperty(capped, 'url', { value: response.url });
    Object.defineProperty(capped, 'redirected', { value: response.redirected });
    return capped;
  };
}
