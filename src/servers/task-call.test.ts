/**
 * Following a task: the server's answers are scripted by a stand-in for the SDK client's raw request
 * (the real server side is shown against server-everything in src/run/scenario-tasks.e2e.test.ts).
 * Sleeping is a counter, so no assertion depends on the machine's speed.
 */
import { describe, expect, it } from 'vitest';
import { ToolvetError } from '../errors.ts';
import { callAsTask, mustCallAsTask, type TaskClient } from './task-call.ts';

function scripted(statuses: string[], pollInterval: number | undefined): { client: TaskClient; sent: string[] } {
  const sent: string[] = [];
  let i = 0;
  const task = (status: string) => ({ taskId: 't1', status, ...(pollInterval !== undefined ? { pollInterval } : {}) });
  const client: TaskClient = {
    async request(request) {
      sent.push(request.method);
      if (request.method === 'tools/call') return { task: task('working') };
      if (request.method === 'tasks/get') return task(statuses[Math.min(i++, statuses.length - 1)]);
      if (request.method === 'tasks/result') return { content: [{ type: 'text', text: 'the report' }] };
      return {};
    },
  };
  return { client, sent };
}

describe('callAsTask', () => {
  it('polls as often as pollInterval says until the task ends, then reads its result', async () => {
    const { client, sent } = scripted(['working', 'completed'], 200);
    const waits: number[] = [];
    const { result, task } = await callAsTask(client, 's', 'research', {}, 60_000, async (ms) => void waits.push(ms));
    expect(result).toEqual({ content: [{ type: 'text', text: 'the report' }] });
    expect(task).toEqual({ taskId: 't1', polls: 2, status: 'completed' });
    expect(sent).toEqual(['tools/call', 'tasks/get', 'tasks/get', 'tasks/result']);
    expect(waits).toEqual([200, 200]);
  });

  it('a failed task still yields its result (the tool result carries isError)', async () => {
    const { client, sent } = scripted(['failed'], 100);
    await callAsTask(client, 's', 'research', {}, 60_000, async () => undefined);
    expect(sent.at(-1)).toBe('tasks/result');
  });

  it('a task that never ends is cancelled when the next poll would pass the timeout', async () => {
    const { client, sent } = scripted(['working'], 400);
    const error = await callAsTask(client, 's', 'research', {}, 300, async () => undefined).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolvetError);
    expect((error as ToolvetError).code).toBe('E_SERVER_TIMEOUT');
    expect((error as ToolvetError).message).toMatch(/^task t1 of tool "research" on server "s" did not finish within 300 ms \(last status working\); it was cancelled with tasks\/cancel$/);
    expect(sent).toEqual(['tools/call', 'tasks/cancel']);
  });

  it('a pollInterval of 0 or none is floored, not spun on', async () => {
    const waits: number[] = [];
    await callAsTask(scripted(['completed'], 0).client, 's', 't', {}, 60_000, async (ms) => void waits.push(ms));
    await callAsTask(scripted(['completed'], undefined).client, 's', 't', {}, 60_000, async (ms) => void waits.push(ms));
    expect(waits).toEqual([50, 1000]);
  });

  it('a direct answer to a task-augmented call is the result', async () => {
    const client: TaskClient = { request: async () => ({ content: [{ type: 'text', text: 'now' }] }) };
    expect(await callAsTask(client, 's', 't', {}, 1000)).toEqual({ result: { content: [{ type: 'text', text: 'now' }] } });
  });
});

describe('mustCallAsTask', () => {
  const caps = { tasks: { requests: { tools: { call: {} } } } };
  it.each<[string, unknown, string, object, boolean]>([
    ['required, 2025 era, declared', { taskSupport: 'required' }, 'legacy', caps, true],
    ['optional: called directly', { taskSupport: 'optional' }, 'legacy', caps, false],
    ['no execution field', undefined, 'legacy', caps, false],
    ['2026-07-28 era (tasks moved to an extension)', { taskSupport: 'required' }, 'modern', caps, false],
    ['server does not declare task-augmented tools/call', { taskSupport: 'required' }, 'legacy', { tasks: {} }, false],
  ])('%s', (_name, execution, era, capabilities, expected) => {
    expect(mustCallAsTask(execution === undefined ? {} : { execution }, era, capabilities)).toBe(expected);
  });
});
