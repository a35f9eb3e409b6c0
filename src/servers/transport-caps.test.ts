/**
 * The stdio transport's caps hold on HTTP too (capped-fetch.ts), against real hostile servers on
 * 127.0.0.1: an SSE line that never ends (once grew to 1 GB in 30 s), a gzip bomb (1.5 MB inflating to
 * 1.5 GB), a 1 GB tool result (once PASS, then `E_INTERNAL: Invalid string length` and an empty --json),
 * a legacy SSE stream whose first line never ends. Each is E_SERVER_LIMIT naming that server; the
 * client stops reading near the cap (each server offers 1 GB and counts what it got to send), and
 * through the CLI the other servers are probed and the result is written.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, runCli } from '../cli/testing.ts';
import type { ToolvetError } from '../errors.ts';
import { startHostileHttp, type HostileHttp } from '../testing/hostile-http.ts';
import { DEFAULT_TRANSPORT_LIMITS, StreamCaps } from './capped-fetch.ts';
import { ServerConnection } from './server-connection.ts';

let hostile: HostileHttp;
const dir = mkdtempSync(join(tmpdir(), 'toolvet-caps-'));
beforeAll(async () => {
  hostile = await startHostileHttp();
});
afterAll(async () => {
  await hostile?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Far below the 1 GB each server offers: the cap (10 MB) plus what sockets and zlib buffer. */
const READ_BOUND = 100 * 1024 * 1024;

async function failure(run: () => Promise<unknown>): Promise<ToolvetError> {
  try {
    await run();
  } catch (error) {
    return error as ToolvetError;
  }
  throw new Error('expected E_SERVER_LIMIT');
}

async function connected<T>(name: string, path: string, use: (c: ServerConnection) => Promise<T>): Promise<T> {
  const c = await ServerConnection.start(name, { transport: 'http', url: hostile.url(path) });
  try {
    return await use(c);
  } finally {
    await c.close();
  }
}

describe('transport caps on HTTP', () => {
  it('an SSE line that never ends: E_SERVER_LIMIT naming the server, reading stops near the cap', async () => {
    const error = await failure(() => connected('endless-line', '/sse-line', (c) => c.listTools()));
    expect(error).toMatchObject({ code: 'E_SERVER_LIMIT', server: 'endless-line' });
    expect(error.message).toMatch(/^server "endless-line": sent an SSE line of more than 10 MB without a line end/);
    expect(hostile.sent('/sse-line')).toBeLessThan(READ_BOUND);
  });

  it('a gzip bomb is counted at its inflated size: E_SERVER_LIMIT', async () => {
    const error = await failure(() => connected('bomb', '/gzip-bomb', (c) => c.listTools()));
    expect(error).toMatchObject({ code: 'E_SERVER_LIMIT', server: 'bomb' });
    expect(error.message).toMatch(/sent a message of more than 10 MB \(after decompression\)/);
    expect(hostile.sent('/gzip-bomb')).toBeLessThan(READ_BOUND);
  });

  it('a 1 GB tool result: E_SERVER_LIMIT for the call; the server reconnects for the next one', async () => {
    await connected('huge', '/huge-result', async (c) => {
      expect((await c.listTools()).map((t) => t.name)).toEqual(['fetch_report']);
      const error = await failure(() => c.callTool('fetch_report', {}));
      expect(error).toMatchObject({ code: 'E_SERVER_LIMIT', server: 'huge' });
      expect(c.alive).toBe(false);
    });
    expect(hostile.sent('/huge-result')).toBeLessThan(READ_BOUND);
  });

  it('a legacy SSE stream whose first line never ends fails the start with E_SERVER_LIMIT', async () => {
    const error = await failure(() => ServerConnection.start('old-sse', { transport: 'sse', url: hostile.url('/legacy-sse') }, { startMs: 30_000 }));
    expect(error).toMatchObject({ code: 'E_SERVER_LIMIT', server: 'old-sse' });
    expect(hostile.sent('/legacy-sse')).toBeLessThan(READ_BOUND);
  });

  it('StreamCaps: each cap at its boundary, across chunks; SSE events and CRLF line ends reset the counts', () => {
    const limits = { maxMessageBytes: 10, maxLineBytes: 6, maxDepth: 3 };
    const json = new StreamCaps(limits, false);
    expect(json.push(Buffer.from('0123456789'))).toBeUndefined();
    expect(json.push(Buffer.from('x'))?.message).toMatch(/more than/);
    const deep = new StreamCaps({ ...limits, maxMessageBytes: 100 }, false);
    expect(deep.push(Buffer.from('[[["[[[[",'))).toBeUndefined(); // brackets in a string do not count
    expect(deep.push(Buffer.from('['))?.message).toMatch(/nested deeper than 3 levels/);
    const sse = new StreamCaps({ ...limits, maxMessageBytes: 8 }, true);
    expect(sse.push(Buffer.from('data:1\r\n\r\ndata:2\n\n'))).toBeUndefined();
    expect(sse.push(Buffer.from('abcde\nabc'))).toBeUndefined(); // one event, 8 bytes over two lines
    expect(sse.push(Buffer.from('\n'))).toBeUndefined();
    expect(sse.push(Buffer.from('x'))?.message).toMatch(/in one SSE event/);
    expect(new StreamCaps(limits, true).push(Buffer.from('abcdefg'))?.message).toMatch(/SSE line of more than/);
    expect(DEFAULT_TRANSPORT_LIMITS.maxMessageBytes).toBe(10 * 1024 * 1024);
  });
});

describe('the depth cap on stdio', () => {
  it('a tool result nested 3,000 deep is dropped: E_SERVER_LIMIT for the call, at 512 levels', async () => {
    const c = await ServerConnection.start('deep', { command: process.execPath, args: [fixture('servers/faults/deep-result.mjs')] });
    try {
      expect((await c.listTools()).map((t) => t.name)).toEqual(['get_tree']);
      const error = await failure(() => c.callTool('get_tree', {}));
      expect(error).toMatchObject({ code: 'E_SERVER_LIMIT', server: 'deep' });
      expect(error.message).toBe('server "deep": sent a message nested deeper than 512 levels');
    } finally {
      await c.close();
    }
  }, 60_000);

  it('at the cap the result comes through whole; one level more is dropped', async () => {
    // The message, result, structuredContent: 3 levels; DEPTH wraps of [] around []: DEPTH + 1 more.
    const call = async (depth: number): Promise<unknown> => {
      const c = await ServerConnection.start('fits', { command: process.execPath, args: [fixture('servers/faults/deep-result.mjs')], env: { DEPTH: String(depth) } });
      try {
        return (await c.callTool('get_tree', {})).structuredContent;
      } finally {
        await c.close();
      }
    };
    expect(await call(508)).toBeDefined();
    expect((await failure(() => call(509))).code).toBe('E_SERVER_LIMIT');
  }, 60_000);
});

describe('the cap on a whole list', () => {
  it('pages of a list add up: one character past maxListChars is E_SERVER_LIMIT, at it the list is read', async () => {
    const paged = { command: process.execPath, args: [fixture('servers/paged.mjs')] };
    const read = async (maxListChars: number): Promise<unknown> => {
      const c = await ServerConnection.start('paged', paged, {}, { limits: { maxListChars } });
      try {
        return await c.listTools();
      } finally {
        await c.close();
      }
    };
    // The five tools of three pages, as JSON, page by page (what the cap counts).
    const pages = [['alpha', 'bravo'], ['charlie', 'delta'], ['echo']].map((names) => JSON.stringify(names.map((n) => ({ name: `get_${n}`, description: `Get ${n}.`, inputSchema: { type: 'object', properties: {}, required: [] } }))).length);
    const total = pages.reduce((a, b) => a + b, 0);
    expect(await read(total)).toHaveLength(5);
    const error = await failure(() => read(total - 1));
    expect(error).toMatchObject({ code: 'E_SERVER_LIMIT', server: 'paged' });
    expect(error.message).toContain('tools/list sent more than');
  }, 60_000);
});

describe('through the CLI', () => {
  it('probe: each hostile server fails alone with E_SERVER_LIMIT, echo is probed, and the result is written', async () => {
    const host = join(dir, 'host.json');
    writeFileSync(host, JSON.stringify({
      mcpServers: {
        'endless-line': { type: 'http', url: hostile.url('/sse-line') },
        bomb: { type: 'http', url: hostile.url('/gzip-bomb') },
        huge: { type: 'http', url: hostile.url('/huge-result') },
        echo: { command: process.execPath, args: [fixture('servers/echo.mjs')] },
      },
    }));
    const out = join(dir, 'probe.json');
    const run = await runCli(['probe', '--config', host, '--format', 'json', '--output', out], { timeoutMs: 120_000 });
    expect(run.signal).toBeNull();
    const result = JSON.parse(readFileSync(out, 'utf8')) as { errors: Array<{ code: string; server?: string }>; probe: { servers: Array<{ server: string; state: string }> } };
    // The two whose lists break a cap are errors of their own; huge's calls fail as data of its probe.
    const limits = result.errors.filter((e) => e.code === 'E_SERVER_LIMIT').map((e) => e.server).sort();
    expect(limits).toEqual(['bomb', 'endless-line']);
    const probed = result.probe.servers.filter((s) => s.state === 'probed').map((s) => s.server).sort();
    expect(probed).toEqual(['echo', 'huge']);
    const huge = result.probe.servers.find((s) => s.server === 'huge') as unknown as { unknownTool: { detail: string } };
    expect(huge.unknownTool.detail).toMatch(/server ."huge.": sent a message of more than 10 MB \(after decompression\)/);
    expect(run.stderr).not.toContain('E_INTERNAL');
  }, 180_000);
});
