import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { ToolvetError } from '../errors.ts';
import { ServerConnection } from './server-connection.ts';

const fixture = (name: string): string => fileURLToPath(new URL(`../../fixtures/servers/${name}`, import.meta.url));
const node = (script: string) => ({ command: process.execPath, args: [fixture(script)] });

let open: ServerConnection[] = [];
afterEach(async () => {
  await Promise.all(open.map((c) => c.close()));
  open = [];
});

async function start(name: string, script: string, timeouts = {}): Promise<ServerConnection> {
  const connection = await ServerConnection.start(name, node(script), timeouts);
  open.push(connection);
  return connection;
}

async function startError(script: string, timeouts = {}): Promise<ToolvetError> {
  try {
    await start('broken', script, timeouts);
  } catch (error) {
    return error as ToolvetError;
  }
  throw new Error('expected the server to fail');
}

describe('ServerConnection (real child processes)', () => {
  it('starts the spec echo server, lists its tool and calls it', async () => {
    const echo = await start('echo', 'echo.mjs');
    expect(echo.identity.name).toBe('echo');
    // A v1 SDK server answers the server/discover probe with "method not found": the 2025 handshake follows.
    expect(echo.identity).toMatchObject({ protocolVersion: '2025-11-25', era: 'legacy', transport: 'stdio' });
    const tools = await echo.listTools();
    expect(tools.map((t) => t.name)).toEqual(['echo']);
    expect(tools[0].server).toBe('echo');
    const result = await echo.callTool('echo', { text: 'hi' });
    expect(result.content).toEqual([{ type: 'text', text: 'Echo: hi' }]);
  });

  it('follows tools/list pagination', async () => {
    const paged = await start('paged', 'paged.mjs');
    expect((await paged.listTools()).map((t) => t.name)).toEqual(['get_alpha', 'get_bravo', 'get_charlie', 'get_delta', 'get_echo']);
  });

  it('reports a server that exits at start with its last stderr lines', async () => {
    const error = await startError('faults/exit-at-start.mjs');
    expect(error.code).toBe('E_SERVER_START');
    expect(error.server).toBe('broken');
    expect(error.stderr?.join('\n')).toContain('cannot open database');
    expect(error.hint).toContain('exit-at-start.mjs');
  });

  it('times out a server that never initializes', async () => {
    const error = await startError('faults/hang-on-initialize.mjs', { startMs: 500 });
    expect(error.code).toBe('E_SERVER_TIMEOUT');
  });

  it('times out a call that never returns, naming server and tool', async () => {
    const hang = await start('hang', 'faults/hang-on-call.mjs');
    await expect(hang.callTool('get_status', {}, 300)).rejects.toMatchObject({ code: 'E_CALL_TIMEOUT', server: 'hang', tool: 'get_status' });
  });

  it('reports a crash in the middle of a call with the stderr it left', async () => {
    const crash = await start('crash', 'faults/crash-on-call.mjs');
    const error = (await crash.callTool('get_status', {}).catch((e: unknown) => e)) as ToolvetError;
    expect(error.code).toBe('E_SERVER_CRASH');
    expect(error.stderr?.join('\n')).toContain('segmentation fault');
    expect(crash.alive).toBe(false);
  });

  it('does not pass the parent environment to the server', async () => {
    process.env.TOOLVET_PLANTED_SECRET = 'sk-planted-123';
    try {
      const echo = await ServerConnection.start('env', { command: process.execPath, args: ['-e', 'console.error(JSON.stringify(process.env)); setTimeout(() => process.exit(1), 50)'] }).catch((e: ToolvetError) => e);
      expect((echo as ToolvetError).stderr?.join('\n')).not.toContain('sk-planted-123');
      expect((echo as ToolvetError).stderr?.join('\n')).toContain('PATH');
    } finally {
      delete process.env.TOOLVET_PLANTED_SECRET;
    }
  });
});

describe('ServerConnection: resources, prompts, capabilities (v2 fixture server over stdio)', () => {
  it('lists and reads resources, templates and prompts, and keeps capabilities and instructions', async () => {
    const modern = await start('modern', 'modern.mjs');
    expect(modern.identity).toMatchObject({ name: 'modern-warehouse', version: '2.0.0', protocolVersion: '2026-07-28', era: 'modern' });
    expect(modern.capabilities).toMatchObject({ tools: {}, resources: {}, prompts: {} });
    expect(modern.instructions).toContain('warehouses');
    const tools = await modern.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['get_stock', 'list_warehouses', 'reserve_stock']);
    expect(tools.find((t) => t.name === 'get_stock')?.outputSchema).toMatchObject({ required: ['sku', 'warehouse', 'quantity'] });
    const stock = await modern.callTool('get_stock', { sku: 'A-100', warehouse: 'north' });
    expect(stock.structuredContent).toEqual({ sku: 'A-100', warehouse: 'north', quantity: 12 });

    expect((await modern.listResources()).map((r) => r.uri)).toEqual(['warehouse://list']);
    expect((await modern.listResourceTemplates()).map((t) => t.uriTemplate)).toEqual(['warehouse://sku/{sku}']);
    const read = await modern.readResource('warehouse://sku/A-100');
    expect(JSON.parse((read.contents[0] as { text: string }).text)).toEqual({ north: 12, south: 3 });

    const prompts = await modern.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(['restock_plan']);
    expect(prompts[0].arguments).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'sku', required: true })]));
    const prompt = await modern.getPrompt('restock_plan', { sku: 'A-100' });
    expect(JSON.stringify(prompt.messages)).toContain('Plan restocking of A-100');
    await expect(modern.getPrompt('restock_plan', {})).rejects.toMatchObject({ code: 'E_CALL_FAILED', server: 'modern' });
  });

  it('gives empty lists for what a server does not offer', async () => {
    const echo = await start('echo', 'echo.mjs');
    expect(echo.capabilities.resources).toBeUndefined();
    expect(await echo.listResources()).toEqual([]);
    expect(await echo.listResourceTemplates()).toEqual([]);
    expect(await echo.listPrompts()).toEqual([]);
  });
});

describe('era negotiation with legacy servers that do not answer the probe', () => {
  it('a server that drops server/discover without a word still starts, in the 2025 era, within the start timeout', async () => {
    const silent = await start('silent', 'faults/silent-on-unknown.mjs', { startMs: 8_000 });
    expect(silent.identity).toMatchObject({ name: 'silent-on-unknown', protocolVersion: '2025-06-18', era: 'legacy' });
    expect((await silent.callTool('get_time', {})).content).toEqual([{ type: 'text', text: '1970-01-01T00:00:00.000Z' }]);
  });
});
