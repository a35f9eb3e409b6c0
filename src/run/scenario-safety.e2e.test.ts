/**
 * Safety and isolation through the real CLI and live servers. The model is scripted: a tiny
 * OpenAI-compatible endpoint on 127.0.0.1 (our mock server, serving a driver that returns planted
 * calls) asks for destructive tools, parallel calls, an unknown tool and cut-off arguments.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { runCli } from '../cli/testing.ts';
import { startMockServer, type MockServer } from '../models/mock-server.ts';
import type { ModelDriver, ModelResponse, ToolCall } from '../types.ts';
import { readResult, scenarioOf, todoWorld } from '../testing/todo-server.ts';

const call = (id: string, name: string, args: Record<string, unknown> | string): ToolCall =>
  typeof args === 'string' ? { id, name, rawArguments: args } : { id, name, rawArguments: JSON.stringify(args), arguments: args };
const calls = (toolCalls: ToolCall[], finishReason: ModelResponse['finishReason'] = 'tool_calls'): ModelResponse => ({ text: '', toolCalls, finishReason, usage: { promptTokens: 100, completionTokens: 20 } });
const say = (text: string): ModelResponse => ({ text, toolCalls: [], finishReason: 'stop', usage: { promptTokens: 120, completionTokens: 10 } });

/** Plans by request: the answer for turn n is plan[n], n counted from the request. */
const PLANS: Record<string, ModelResponse[]> = {
  'wipe everything': [
    calls([call('c1', 'clear_todos', {}), call('c2', 'delete_todo', { item: 't1' }), call('c3', 'list_todos', {})]),
    calls([call('c4', 'delete_todo', { item: 't2' })]),
    say('I tried to wipe your list.'),
  ],
  'look twice': [calls([call('c1', 'list_todos', { status: 'open' }), call('c2', 'find_todos', { text: 'plumber' })]), say('You have the plumber to call.')],
  'drop it': [calls([call('c1', 'drop_database', {})]), say('done')],
  'cut off': [calls([call('c1', 'add_todo', '{"title": "buy oat')], 'length'), say('done')],
};

function scriptedModel(): ModelDriver {
  return {
    id: 'scripted',
    async complete(request) {
      const user = request.messages.map((m) => m.role).lastIndexOf('user');
      const plan = PLANS[request.messages[user].content];
      const turn = request.messages.slice(user + 1).filter((m) => m.role === 'assistant').length;
      return plan?.[turn] ?? say('(no plan)');
    },
  };
}

describe('safety and isolation on live servers', () => {
  let server: MockServer;
  beforeAll(async () => {
    server = await startMockServer({ driver: scriptedModel(), modelName: 'scripted' });
  });
  afterAll(async () => {
    await server.close();
  });
  const model = (): string[] => ['--base-url', server.url, '--model-name', 'scripted', '--retries', '0'];

  it('a destructive tool the scenario did not allow never runs, whatever the model asks; parallel calls all run and are all scored', async () => {
    const world = todoWorld();
    const queries = world.queries('safety.yaml', {
      servers: ['todo'],
      scenarios: [
        {
          id: 'wipe',
          query: 'wipe everything',
          allow: ['add_todo'],
          expect: { calls: { order: 'any-order', steps: [{ tool: 'clear_todos' }, { tool: 'list_todos' }] }, state: { call: { tool: 'list_todos', args: {} }, contains: ['renew passport', 'plumber'] } },
        },
        { id: 'parallel', query: 'look twice', expect: { calls: { order: 'exact', maxExtra: 0, steps: [{ tool: 'list_todos', args: { status: ['open'] } }, { tool: 'find_todos' }] } } },
      ],
    });
    const json = join(world.dir, 'result.json');
    const run = await runCli(['eval', '--start-timeout', '120000', '--config', world.config, '--queries', queries, '--json', json, ...model()], { timeoutMs: 120_000 });
    expect(run.code).toBe(1);
    // The server's own record: only the read-only calls reached it.
    // (Compared as a set: with --concurrency the two scenarios may interleave.)
    expect(world.ran().map((r) => r.tool).sort()).toEqual(['find_todos', 'list_todos', 'list_todos', 'list_todos']);
    const result = readResult(json);
    const wipe = scenarioOf(result, 'wipe');
    expect(wipe.turns[0].calls.map((c) => [c.tool, c.status])).toEqual([
      ['clear_todos', 'held'],
      ['delete_todo', 'held'],
      ['list_todos', 'ran'],
    ]);
    expect(wipe.turns[1].calls.map((c) => [c.tool, c.status])).toEqual([['delete_todo', 'held']]);
    expect(wipe.reason).toBe("3 call(s) held back, not executed: clear_todos, delete_todo, delete_todo (may delete or overwrite data: not annotated readOnlyHint: true, and not in the scenario's allow list or --allow-tools)");
    // The steps themselves matched: every call of the answer is scored, held-back ones included.
    expect(wipe.checks.find((c) => c.id === 'calls')?.pass).toBe(true);
    expect(wipe.checks.find((c) => c.id === 'state')?.pass).toBe(true);
    const parallel = scenarioOf(result, 'parallel');
    expect(parallel.state, parallel.reason).toBe('passed');
    expect(parallel.turns[0].calls.map((c) => c.status)).toEqual(['ran', 'ran']);
    expect(run.stdout).toContain('-> clear_todos {} [HELD BACK]');
    expect(result.scenarioSummary).toMatchObject({ scenarios: 2, heldBack: 3, calls: 6 });
  }, 150_000);

  it('--allow-tools lets a named tool run; the others stay held back', async () => {
    const world = todoWorld();
    const queries = world.queries('allow.yaml', { servers: ['todo'], scenarios: [{ id: 'wipe', query: 'wipe everything', expect: {} }] });
    const json = join(world.dir, 'result.json');
    await runCli(['eval', '--start-timeout', '120000', '--config', world.config, '--queries', queries, '--json', json, '--allow-tools', 'delete_todo', ...model()], { timeoutMs: 120_000 });
    expect(world.ran().map((r) => [r.tool, r.arguments])).toEqual([
      ['delete_todo', { item: 't1' }],
      ['list_todos', { status: 'all' }],
      ['delete_todo', { item: 't2' }],
    ]);
    expect(scenarioOf(readResult(json), 'wipe').reason).toMatch(/^1 call\(s\) held back, not executed: clear_todos /);
  }, 150_000);

  it('a call to a tool nobody lists, and a call cut off by the token limit, never run and fail clearly', async () => {
    const world = todoWorld();
    const queries = world.queries('invalid.yaml', {
      servers: ['todo'],
      scenarios: [
        { id: 'unknown', query: 'drop it', expect: {} },
        { id: 'cut', query: 'cut off', allow: ['add_todo'], expect: {} },
      ],
    });
    const json = join(world.dir, 'result.json');
    await runCli(['eval', '--start-timeout', '120000', '--config', world.config, '--queries', queries, '--json', json, ...model()], { timeoutMs: 120_000 });
    expect(world.ran()).toEqual([]);
    const result = readResult(json);
    expect(scenarioOf(result, 'unknown').reason).toBe('call 1 (drop_database, turn 1) could not run: the model called "drop_database", a tool nobody lists');
    const cut = scenarioOf(result, 'cut');
    expect(cut.reason).toBe('call 1 (add_todo, turn 1) could not run: its arguments were cut off (finish_reason length): {"title": "buy oat');
    expect(cut.turns[0].calls[0]).toMatchObject({ status: 'invalid', isError: true });
  }, 150_000);

  it('isolation: scenario (default) gives each scenario fresh servers; isolation: run shares them', async () => {
    const world = todoWorld();
    const scenarios = (isolated: boolean) => [
      { id: 'add', query: "Add 'buy oat milk' to my to-do list", allow: ['add_todo'], expect: {} },
      { id: 'look', query: 'show me my list', expect: { state: { call: { tool: 'list_todos', args: {} }, ...(isolated ? { notContains: ['oat milk'] } : { contains: ['oat milk'] }) } } },
    ];
    const isolated = world.queries('isolated.yaml', { servers: ['todo'], scenarios: scenarios(true) });
    const shared = world.queries('shared.yaml', { servers: ['todo'], isolation: 'run', scenarios: scenarios(false) });
    const json = join(world.dir, 'result.json');
    const run = await runCli(['eval', '--start-timeout', '120000', '--config', world.config, '--queries', isolated, '--queries', shared, '--json', json], { timeoutMs: 120_000 });
    const result = readResult(json);
    expect(result.scenarios!.map((s) => [s.suite, s.id, s.state])).toEqual([
      ['isolated', 'add', 'passed'],
      ['isolated', 'look', 'passed'],
      ['shared', 'add', 'passed'],
      ['shared', 'look', 'passed'],
    ]);
    expect(run.code).toBe(0);
    const pids = world.ran().map((r) => r.pid);
    // isolated: two processes (add; look + state call); shared: the run's one process for both.
    expect(new Set(pids.slice(0, 3)).size).toBe(2);
    expect(new Set(pids.slice(3)).size).toBe(1);
  }, 150_000);
});
