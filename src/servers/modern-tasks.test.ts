/**
 * Tasks at run time, 2026-07-28 tasks extension: our v2-SDK front desk (stdio and Streamable HTTP on
 * 127.0.0.1) answers `nightly_audit` with a task handle when the client declares the extension; the
 * call follows it through `tasks/get` to the tool's final result, which is what comes back (scored like a
 * direct result). `rebuild_index` never ends: at the call timeout it is cancelled with `tasks/cancel`
 * (the server then reports the task cancelled) and the call fails with E_SERVER_TIMEOUT. A tool that
 * asks for input on a task-capable server still gets its answers. The 2025-era path is task-call.test.ts.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ToolvetError } from '../errors.ts';
import { startHttpServer, type HttpServerHandle } from '../testing/http-server.ts';
import { ServerConnection } from './server-connection.ts';
import type { ServerEntry } from '../config/host-config.ts';

const desk = fileURLToPath(new URL('../../fixtures/servers/front-desk.mjs', import.meta.url));
let http: HttpServerHandle;
beforeAll(async () => {
  http = await startHttpServer({ args: [desk, '--http', '0'], ready: /listening (http:\/\/\S+)/ });
}, 60_000);
afterAll(() => http.stop());

const entries = (): Array<[string, ServerEntry]> => [
  ['stdio', { command: process.execPath, args: [desk] }],
  ['http', { transport: 'http', url: http.url }],
];

describe.each(['stdio', 'http'])('2026-07-28 tasks extension over %s', (kind) => {
  let connection: ServerConnection;
  beforeAll(async () => {
    connection = await ServerConnection.start('front-desk', entries().find(([k]) => k === kind)![1], {}, { answerInput: true });
    await connection.listTools();
  }, 60_000);
  afterAll(() => connection.close());

  it('a task-returning tool is followed to its final result, which is returned as the call\'s result', async () => {
    expect(connection.identity.era).toBe('modern');
    const result = await connection.callTool('nightly_audit', {}, 20_000);
    expect(result.structuredContent).toEqual({ clashes: 0 });
    expect(result.content).toEqual([{ type: 'text', text: '{"clashes":0}' }]);
    // The server kept the task: it was a task, polled to completion, not a direct answer.
    const listed = await connection.requestRaw('tasks/get', { taskId: 'task-1' }).catch(() => undefined);
    // Over HTTP each request meets a fresh server instance but the same task table; over stdio the same.
    expect(listed).toMatchObject({ status: 'completed', result: { structuredContent: { clashes: 0 } } });
  }, 60_000);

  it('a task that never ends is cancelled at the call timeout, and the call fails with E_SERVER_TIMEOUT', async () => {
    let error: unknown;
    try {
      await connection.callTool('rebuild_index', {}, 1500);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ToolvetError);
    expect((error as ToolvetError).code).toBe('E_SERVER_TIMEOUT');
    expect((error as Error).message).toMatch(/task task-2 of tool "rebuild_index" on server "front-desk" did not finish within 1500 ms \(last status working: started\); it was cancelled with tasks\/cancel/);
    expect(await connection.requestRaw('tasks/get', { taskId: 'task-2' })).toMatchObject({ status: 'cancelled', statusMessage: 'cancelled by the client' });
  }, 60_000);

  it('a tool that asks for input on a task-capable server is answered through the input flow', async () => {
    const { result, inputs } = await connection.callToolAnswering('find_booking', { guest: 'ada' }, [{ match: 'date', accept: { date: '2026-09-14' } }], 20_000);
    expect(result.structuredContent).toEqual({ guest: 'ada', date: '2026-09-14', room: 3 });
    expect(inputs.map((i) => [i.action, i.matched])).toEqual([['accept', 'date']]);
  }, 60_000);
});
