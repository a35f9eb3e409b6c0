/**
 * Our v2 fixture server over Streamable HTTP, reached with the v2 client: both eras from one server,
 * and the bearer check.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModernHttp, type HttpServerHandle } from '../testing/http-server.ts';

const TOKEN = 'fixture-token-4417';
let server: HttpServerHandle;
beforeAll(async () => {
  server = await startModernHttp({ MODERN_TOKEN: TOKEN });
});
afterAll(async () => server?.stop());

async function connect(token: string | undefined, mode: 'auto' | 'legacy'): Promise<Client> {
  const client = new Client({ name: 'toolvet-test', version: '0' }, { versionNegotiation: { mode } });
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers } }));
  return client;
}

describe('fixtures/servers/modern.mjs over Streamable HTTP', () => {
  it.each([
    ['auto', '2026-07-28'],
    ['legacy', '2025-11-25'],
  ] as const)('negotiates %s and answers with structuredContent', async (mode, version) => {
    const client = await connect(TOKEN, mode);
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe(version);
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(['get_stock', 'list_warehouses', 'reserve_stock']);
      const result = await client.callTool({ name: 'get_stock', arguments: { sku: 'C-300', warehouse: 'south' } });
      expect(result.structuredContent).toEqual({ sku: 'C-300', warehouse: 'south', quantity: 40 });
      expect((await client.listPrompts()).prompts.map((p) => p.name)).toEqual(['restock_plan']);
    } finally {
      await client.close();
    }
  });

  it('refuses a request without the bearer token with 401', async () => {
    const response = await fetch(server.url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{}' });
    expect(response.status).toBe(401);
    await expect(connect('wrong', 'auto')).rejects.toThrow();
  });
});
