/**
 * The server fault catalogue at the server layer, each fixture a real child process
 * (fixtures/servers/faults/): every fault is a coded error naming the server (and tool), or, where the
 * server still works, data the run can go on with. The CLI-level exit codes are in eval-faults.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { HostConfig } from '../config/host-config.ts';
import type { ToolvetError } from '../errors.ts';
import { ServerConnection } from '../servers/server-connection.ts';
import { ServerPool } from '../servers/server-pool.ts';
import { fixture } from './cli.ts';

const entry = (script: string, env?: Record<string, string>) => ({ command: process.execPath, args: [fixture(`servers/${script}`)], ...(env ? { env } : {}) });

let open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(open.map((c) => c.close()));
  open = [];
});

async function start(script: string, timeouts = {}, env?: Record<string, string>): Promise<ServerConnection> {
  const connection = await ServerConnection.start(script, entry(`faults/${script}`, env), timeouts);
  open.push(connection);
  return connection;
}

async function pool(servers: Record<string, ReturnType<typeof entry>>, timeouts = {}): Promise<ServerPool> {
  const config: HostConfig = { file: '(test)', shape: 'mcpServers', servers, resolved: [], skipped: [] };
  const p = await ServerPool.start(config, Object.keys(servers), { timeouts });
  open.push(p);
  return p;
}

async function rejection(promise: Promise<unknown>): Promise<ToolvetError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeDefined();
  return error as ToolvetError;
}

describe('server faults', () => {
  it('exits at start: E_SERVER_START with its stderr; the healthy server beside it is kept', async () => {
    const p = await pool({ echo: entry('echo.mjs'), broken: entry('faults/exit-at-start.mjs') });
    expect(p.errors().map((e) => [e.server, e.code])).toEqual([['broken', 'E_SERVER_START']]);
    expect(p.errors()[0].stderr?.join('\n')).toContain('cannot open database');
    expect(p.tools().map((t) => t.name)).toEqual(['echo']);
  });

  it('hangs on initialize: E_SERVER_TIMEOUT after the start timeout', async () => {
    const started = Date.now();
    const error = await rejection(start('hang-on-initialize.mjs', { startMs: 800 }));
    expect(error.code).toBe('E_SERVER_TIMEOUT');
    expect(error.message).toContain('800 ms');
    expect(Date.now() - started).toBeLessThan(8_000);
  });

  it('starts slowly: within the start timeout it works; past it, E_SERVER_TIMEOUT', async () => {
    const slow = await start('slow-start.mjs', { startMs: 10_000 }, { SLOW_START_MS: '700' });
    expect((await slow.listTools()).map((t) => t.name)).toEqual(['get_index_status']);
    const error = await rejection(start('slow-start.mjs', { startMs: 300 }, { SLOW_START_MS: '3000' }));
    expect(error.code).toBe('E_SERVER_TIMEOUT');
  });

  it('hangs on a call: E_CALL_TIMEOUT naming server and tool; the server still answers afterwards', async () => {
    const hang = await start('hang-on-call.mjs');
    const error = await rejection(hang.callTool('get_status', {}, 300));
    expect(error).toMatchObject({ code: 'E_CALL_TIMEOUT', server: 'hang-on-call.mjs', tool: 'get_status' });
    expect(error.hint).toContain('--call-timeout');
    expect((await hang.listTools()).map((t) => t.name)).toEqual(['get_status']);
  });

  it('crashes in a call: E_SERVER_CRASH with its stderr; restarted once, and the report says so', async () => {
    const p = await pool({ crashy: entry('faults/crash-on-call.mjs') });
    const error = await rejection(p.connection('crashy')!.callTool('get_status', {}));
    expect(error).toMatchObject({ code: 'E_SERVER_CRASH', server: 'crashy', tool: 'get_status' });
    expect(error.stderr?.join('\n')).toContain('segmentation fault');
    const again = await p.ensure('crashy');
    expect(again?.alive).toBe(true);
    expect(p.info()[0]).toMatchObject({ name: 'crashy', restarts: 1, tools: 1 });
    await rejection(again!.callTool('get_status', {}));
    // Only once: a server that crashes again stays down for the rest of the run.
    expect(await p.ensure('crashy')).toBeUndefined();
    expect(p.info()[0].restarts).toBe(1);
  });

  it('prints non-JSON on stdout: it still works, and the noise is kept for a warning', async () => {
    const noisy = await start('non-json-stdout.mjs');
    expect((await noisy.listTools()).map((t) => t.name)).toEqual(['get_status']);
    expect((await noisy.callTool('get_status', {})).isError).toBeFalsy();
    expect(noisy.protocolNoise.length).toBeGreaterThanOrEqual(2);
    expect(noisy.protocolNoise[0]).toMatch(/not valid JSON/);
  });

  it('floods stderr: it still works, and only a bounded tail is kept', async () => {
    const flood = await start('stderr-flood.mjs');
    const result = await flood.callTool('get_log_status', {});
    expect(result.isError).toBeFalsy();
    // stderr drains while the server works; the whole flood (about 10 MB) arrives without stalling anything.
    await expect.poll(() => flood.stderr.totalBytes, { timeout: 15_000 }).toBeGreaterThan(5_000_000);
    const tail = flood.stderr.last();
    expect(tail.length).toBeLessThanOrEqual(20);
    expect(tail.every((line) => line.length <= 4096)).toBe(true);
  });

  it('returns a 50 MB result: E_SERVER_CRASH saying why, at once rather than after a hang; a restart serves the rest', async () => {
    const p = await pool({ big: entry('faults/big-result.mjs') });
    const started = Date.now();
    const error = await rejection(p.connection('big')!.callTool('export_library', {}));
    expect(error).toMatchObject({ code: 'E_SERVER_CRASH', server: 'big', tool: 'export_library' });
    expect(error.message).toContain('over 10 MB');
    expect(Date.now() - started).toBeLessThan(30_000);
    const again = await p.ensure('big');
    expect((await again!.listTools()).map((t) => t.name)).toEqual(['export_library']);
  });

  it('returns null content: E_CALL_FAILED naming the tool; {} and [] come back as data for the probe to judge', async () => {
    const empty = await start('empty-results.mjs');
    const error = await rejection(empty.callTool('get_null', {}));
    expect(error).toMatchObject({ code: 'E_CALL_FAILED', tool: 'get_null' });
    expect(error.message).toContain('expected array, received null');
    expect(await empty.callTool('get_empty_object', {})).toEqual({ content: [] });
    expect(await empty.callTool('get_empty_content', {})).toEqual({ content: [] });
  });

  it('lists a malformed inputSchema: E_SERVER_PROTOCOL naming the tool and field; other servers keep their tools', async () => {
    const p = await pool({ echo: entry('echo.mjs'), malformed: entry('faults/malformed-schema.mjs'), keywords: entry('faults/bad-schema-keywords.mjs') });
    const errors = Object.fromEntries(p.errors().map((e) => [e.server, e]));
    expect(errors.malformed).toMatchObject({ code: 'E_SERVER_PROTOCOL' });
    expect(errors.malformed.message).toContain('tools[1].inputSchema.type');
    expect(errors.keywords.message).toContain('tools[0].inputSchema.properties');
    expect(errors.keywords.hint).toContain('spec 2.4');
    expect(p.tools().map((t) => t.name)).toEqual(['echo']);
  });

  it('handles an unknown tool wrongly: the answers come back as data (success, or a bare error), never a crash', async () => {
    const good = await ServerConnection.start('echo', entry('echo.mjs'));
    open.push(good);
    const error = await rejection(good.callTool('no_such_tool', {}));
    expect(error).toMatchObject({ code: 'E_CALL_FAILED', tool: 'no_such_tool' });
    expect(error.message).toContain('no_such_tool');
    const success = await start('unknown-tool-success.mjs');
    expect(await success.callTool('no_such_tool', {})).toEqual({ content: [{ type: 'text', text: 'ok' }] });
    const bare = await start('unknown-tool-bare-error.mjs');
    expect(await bare.callTool('no_such_tool', {})).toEqual({ isError: true, content: [{ type: 'text', text: 'error' }] });
  });
});
