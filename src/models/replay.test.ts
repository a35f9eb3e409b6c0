/**
 * Record and replay over real files in a temp folder, with the mock model as the recorded driver and the
 * real runner in between: replayed case results equal the recorded ones, and every miss says what changed.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ToolvetError } from '../errors.ts';
import { runSelection } from '../run/run-selection.ts';
import type { ModelDriver, ModelRequest, SelectionCase, ToolDefinition } from '../types.ts';
import { createMockModel } from './mock.ts';
import { recordingModel, replayModel } from './replay.ts';

const echo: ToolDefinition = {
  name: 'echo',
  description: 'Repeat the text back. Use when asked to echo or repeat something.',
  inputSchema: { type: 'object', properties: { text: { type: 'string', description: 'text' } }, required: ['text'] },
};
const search: ToolDefinition = {
  name: 'search_items',
  description: 'Search the library by words. Use for finding papers.',
  inputSchema: { type: 'object', properties: { query: { type: 'string', description: 'words' } }, required: ['query'] },
};
const cases: SelectionCase[] = [
  { id: 'a', suite: 's', query: 'echo hello world', expect: { tool: 'echo', args: { text: { anyOf: ['hello world'], optional: false } } } },
  { id: 'b', suite: 's', query: 'find papers about bees', expect: { tool: 'search_items' } },
  { id: 'c', suite: 's', query: 'how are you?', expect: { tool: null } },
];
const request = (query: string, tools: ToolDefinition[] = [echo, search], extra: Partial<ModelRequest> = {}): ModelRequest => ({
  messages: [
    { role: 'system', content: 'sys' },
    { role: 'user', content: query },
  ],
  tools,
  toolChoice: 'auto',
  ...extra,
});

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'toolvet-cassette-'));
  dirs.push(dir);
  return path.join(dir, 'cassette');
}

async function record(dir: string, requests: ModelRequest[]): Promise<void> {
  const recorder = recordingModel(createMockModel(), dir);
  for (const r of requests) await recorder.complete(r);
  recorder.finish({ startedAt: '2026-01-01T00:00:00.000Z', finishedAt: '2026-01-01T00:00:01.000Z' });
}

async function miss(driver: ModelDriver, r: ModelRequest): Promise<ToolvetError> {
  const error = await driver.complete(r).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ToolvetError);
  expect((error as ToolvetError).code).toBe('E_REPLAY_MISS');
  return error as ToolvetError;
}

describe('record and replay', () => {
  it('replays a run through the runner with identical case results, latencies included', async () => {
    const dir = tempDir();
    const recorder = recordingModel(createMockModel(), dir);
    const recorded = await runSelection({ cases, toolsFor: () => [echo, search], model: recorder, repeat: 2, concurrency: 2 });
    recorder.finish({ startedAt: 'x', finishedAt: 'y' });
    const replayed = await runSelection({ cases, toolsFor: () => [echo, search], model: replayModel(dir), repeat: 2, concurrency: 2 });
    const byId = (list: typeof recorded) => JSON.stringify([...list].sort((p, q) => p.id.localeCompare(q.id)));
    expect(byId(replayed)).toBe(byId(recorded));
    expect(recorded.flatMap((c) => c.attempts).every((a) => a.latencyMs > 0)).toBe(true);
    // One file per distinct request, two answers each (repeat 2); one file per tool definition.
    expect(readdirSync(path.join(dir, 'exchanges'))).toHaveLength(3);
    expect(readdirSync(path.join(dir, 'tools')).sort()).toEqual([expect.stringMatching(/^echo\.[0-9a-f]{12}\.json$/), expect.stringMatching(/^search_items\./)]);
  });

  it('writes stable, reviewable JSON: same input, same bytes; sorted request; the query in plain words', async () => {
    const a = tempDir();
    const b = tempDir();
    await record(a, [request('echo hi')]);
    await record(b, [request('echo hi')]);
    const [file] = readdirSync(path.join(a, 'exchanges'));
    const textA = readFileSync(path.join(a, 'exchanges', file), 'utf8');
    const exchange = JSON.parse(textA);
    expect(exchange.query).toBe('echo hi');
    expect(Object.keys(exchange.request)).toEqual(['messages', 'sampling', 'tools']);
    expect(exchange.answers[0].response.toolCalls[0].name).toBe('echo');
    // Latencies live apart, so two recordings of the same deterministic answers are byte-identical.
    expect(readFileSync(path.join(b, 'exchanges', file), 'utf8')).toBe(textA);
    const latencies = JSON.parse(readFileSync(path.join(a, 'latencies.json'), 'utf8'));
    expect(latencies).toEqual({ [file.replace('.json', '')]: [expect.any(Number)] });
  });

  it('names the tool whose definition changed, and only requests that list it miss', async () => {
    const dir = tempDir();
    await record(dir, [request('echo hi'), request('hello there', [search])]);
    const replay = replayModel(dir);
    const edited = { ...echo, description: `${echo.description} Do NOT use for translating.` };
    const error = await miss(replay, request('echo hi', [edited, search]));
    expect(error.message).toBe('replay miss for "echo hi": the definition of tool "echo" differs from the recorded one (description changed)');
    expect(error.hint).toContain('--record');
    // The request without echo still replays.
    await expect(replay.complete(request('hello there', [search]))).resolves.toMatchObject({ finishReason: expect.any(String) });
  });

  it('says which tools were added or removed, which sampling changed, and when a case is new', async () => {
    const dir = tempDir();
    await record(dir, [request('echo hi', [echo, search], { temperature: 0 })]);
    const replay = replayModel(dir);
    expect((await miss(replay, request('echo hi', [echo], { temperature: 0 }))).message).toContain('recorded tool(s) "search_items" no longer listed');
    const extra: ToolDefinition = { ...search, name: 'get_item' };
    expect((await miss(replay, request('echo hi', [echo, search, extra], { temperature: 0 }))).message).toContain('tool(s) "get_item" not in the recording');
    expect((await miss(replay, request('echo hi', [echo, search], { temperature: 0.7 }))).message).toContain('sampling temperature was 0, now 0.7');
    expect((await miss(replay, request('a brand new question'))).message).toContain('no recorded exchange asks this');
    const changedSystem = request('echo hi', [echo, search], { temperature: 0 });
    changedSystem.messages[0].content = 'a new system prompt';
    expect((await miss(replay, changedSystem)).message).toContain('system prompt or earlier messages changed');
  });

  it('misses a model other than the recorded one, and an attempt beyond the recorded repeats', async () => {
    const dir = tempDir();
    await record(dir, [request('echo hi')]);
    expect((await miss(replayModel(dir, { driverId: 'openai:qwen3@http://127.0.0.1:1/v1' }), request('echo hi'))).message).toContain(
      'recorded with model "mock", now "openai:qwen3"',
    );
    const replay = replayModel(dir);
    await replay.complete(request('echo hi'));
    expect((await miss(replay, request('echo hi'))).message).toContain('holds 1 answer(s) to this request and this is attempt 2');
  });

  it('replays a recorded coded error as the same error', async () => {
    const dir = tempDir();
    const failing: ModelDriver = {
      id: 'openai:m@http://127.0.0.1:9/v1',
      complete: async () => {
        throw new ToolvetError('E_MODEL_CONTEXT', 'HTTP 400: the prompt exceeds the context', { url: 'http://127.0.0.1:9/v1/chat/completions', hint: 'shorten it' });
      },
    };
    const recorder = recordingModel(failing, dir);
    await recorder.complete(request('echo hi')).catch(() => undefined);
    recorder.finish({ startedAt: 'x', finishedAt: 'y' });
    const replay = replayModel(dir);
    expect(replay.id).toBe('openai:m@http://127.0.0.1:9/v1');
    const error = await replay.complete(request('echo hi')).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'E_MODEL_CONTEXT', message: 'HTTP 400: the prompt exceeds the context', hint: 'shorten it' });
  });

  it('refuses a folder that is not a cassette', () => {
    expect(() => replayModel(tempDir())).toThrowError(expect.objectContaining({ code: 'E_FILE_MISSING' }));
  });
});
