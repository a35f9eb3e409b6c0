/**
 * Remote servers through the server layer, as a user configures them: our v2 fixture over Streamable
 * HTTP with a bearer token (2026-07-28), the real server-everything over Streamable HTTP and legacy
 * SSE (2025-11-25), and the four ways a remote entry goes wrong, each with its own code.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RemoteServerEntry } from '../config/host-config.ts';
import type { ToolvetError } from '../errors.ts';
import { freePort, startEverythingHttp, startModernHttp, type HttpServerHandle } from '../testing/http-server.ts';
import { ServerConnection } from './server-connection.ts';

const TOKEN = 'remote-token-7f3a9c';
let modern: HttpServerHandle;
let everythingHttp: HttpServerHandle;
let everythingSse: HttpServerHandle;
let html: Server;
let htmlUrl = '';

beforeAll(async () => {
  [modern, everythingHttp, everythingSse] = await Promise.all([startModernHttp({ MODERN_TOKEN: TOKEN }), startEverythingHttp('streamableHttp'), startEverythingHttp('sse')]);
  html = createServer((_req, res) => res.writeHead(404, { 'content-type': 'text/html' }).end('<!doctype html><title>Not Found</title><h1>404</h1>'));
  await new Promise<void>((resolve) => html.listen(0, '127.0.0.1', () => resolve()));
  htmlUrl = `http://127.0.0.1:${(html.address() as { port: number }).port}/mcp`;
}, 60_000);
afterAll(async () => {
  await Promise.all([modern?.stop(), everythingHttp?.stop(), everythingSse?.stop(), new Promise((r) => html?.close(r))]);
});

async function withConnection(name: string, entry: RemoteServerEntry, use: (c: ServerConnection) => Promise<void>): Promise<void> {
  const connection = await ServerConnection.start(name, entry);
  try {
    await use(connection);
  } finally {
    await connection.close();
  }
}

async function startError(entry: RemoteServerEntry): Promise<ToolvetError> {
  try {
    const connection = await ServerConnection.start('web', entry, { startMs: 20_000 });
    await connection.close();
  } catch (error) {
    return error as ToolvetError;
  }
  throw new Error('expected the connection to fail');
}

describe('remote servers', () => {
  it('v2 fixture over Streamable HTTP with a bearer token: 2026-07-28, tools, resources and prompts', async () => {
    await withConnection('modern', { transport: 'http', url: modern.url, headers: { Authorization: `Bearer ${TOKEN}` } }, async (c) => {
      expect(c.identity).toMatchObject({ name: 'modern-warehouse', protocolVersion: '2026-07-28', era: 'modern', transport: 'http' });
      expect((await c.listTools()).map((t) => t.name).sort()).toEqual(['get_stock', 'list_warehouses', 'reserve_stock']);
      expect((await c.callTool('get_stock', { sku: 'A-100', warehouse: 'south' })).structuredContent).toEqual({ sku: 'A-100', warehouse: 'south', quantity: 3 });
      expect((await c.listResources()).map((r) => r.uri)).toEqual(['warehouse://list']);
      expect((await c.listPrompts()).map((p) => p.name)).toEqual(['restock_plan']);
    });
  });

  it('server-everything (v1 SDK) over Streamable HTTP: 2025-11-25', async () => {
    await withConnection('everything', { transport: 'http', url: everythingHttp.url }, async (c) => {
      expect(c.identity).toMatchObject({ protocolVersion: '2025-11-25', era: 'legacy', transport: 'http' });
      const tools = await c.listTools();
      expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['echo', 'get-sum']));
      expect((await c.callTool('echo', { message: 'over http' })).content).toEqual([{ type: 'text', text: 'Echo: over http' }]);
      expect(c.warnings).toEqual([]);
    });
  });

  it('server-everything over legacy SSE: works, with a deprecation warning', async () => {
    await withConnection('everything-sse', { transport: 'sse', url: everythingSse.url }, async (c) => {
      expect(c.identity).toMatchObject({ protocolVersion: '2025-11-25', era: 'legacy', transport: 'sse' });
      expect((await c.callTool('get-sum', { a: 2, b: 3 })).content).toEqual([expect.objectContaining({ type: 'text', text: expect.stringContaining('5') })]);
      expect(c.warnings.map((w) => w.code)).toEqual(['W_SSE_DEPRECATED']);
    });
  });

  it('a wrong token and a missing one: E_SERVER_AUTH naming the server, never the token', async () => {
    const wrong = await startError({ transport: 'http', url: modern.url, headers: { Authorization: 'Bearer wrong-token-123456' } });
    expect(wrong).toMatchObject({ code: 'E_SERVER_AUTH', server: 'web' });
    expect(wrong.message).toContain('HTTP 401');
    expect(JSON.stringify({ ...wrong, message: wrong.message })).not.toContain('wrong-token-123456');
    const none = await startError({ transport: 'http', url: modern.url });
    expect(none.code).toBe('E_SERVER_AUTH');
    expect(none.hint).toContain('Authorization');
  });

  it('a dead URL: E_SERVER_UNREACHABLE', async () => {
    const port = await freePort();
    const error = await startError({ transport: 'http', url: `http://127.0.0.1:${port}/mcp` });
    expect(error).toMatchObject({ code: 'E_SERVER_UNREACHABLE', server: 'web' });
    expect(error.message).toContain('ECONNREFUSED');
  });

  it('a URL that is not MCP (an HTML 404 page): E_SERVER_NOT_MCP', async () => {
    const error = await startError({ transport: 'http', url: htmlUrl });
    expect(error).toMatchObject({ code: 'E_SERVER_NOT_MCP', server: 'web' });
    expect(error.hint).toMatch(/\/mcp/);
    const sse = await startError({ transport: 'sse', url: htmlUrl });
    expect(sse.code).toBe('E_SERVER_NOT_MCP');
  });
});

describe('OAuth client credentials', () => {
  it('gets a token from the server\'s authorization server through the SDK provider, with no browser step; a wrong secret is E_SERVER_AUTH', async () => {
    const server = await startModernHttp({ MODERN_OAUTH_CLIENT: 'toolvet-ci:s3cret-client-value' });
    try {
      const issuer = new URL(server.url).origin;
      await withConnection('oauth', { transport: 'http', url: server.url, oauth: { clientId: 'toolvet-ci', clientSecret: 's3cret-client-value', issuer } }, async (c) => {
        expect(c.identity.protocolVersion).toBe('2026-07-28');
        expect((await c.listTools()).length).toBe(3);
      });
      const wrong = await startError({ transport: 'http', url: server.url, oauth: { clientId: 'toolvet-ci', clientSecret: 'not-the-secret', issuer } });
      expect(wrong.code).toBe('E_SERVER_AUTH');
      expect(wrong.message).toContain('OAuth client credentials');
      expect(wrong.message).not.toContain('not-the-secret');
    } finally {
      await server.stop();
    }
  });
});
