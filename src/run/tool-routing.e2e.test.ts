/**
 * Calls go where the query set says, on two real servers that list the same tool names (the item
 * store fixture started as `archive` and as `shop`, each logging the calls that reach it to its own
 * file in the test's folder: src/testing/items-server.ts). The model is scripted behind our mock endpoint on 127.0.0.1 and records
 * the tool names each request offered. `shop` comes last in the host config: routing by list order
 * (the last one listed wins) would send the archive's call there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../cli/testing.ts';
import { startMockServer, type MockServer } from '../models/mock-server.ts';
import type { ToolvetResult } from '../report/model.ts';
import { itemsWorld, type ItemsWorld } from '../testing/items-server.ts';
import type { ModelDriver, ModelResponse, ToolCall } from '../types.ts';
import { evalScenarios } from '../vitest/index.ts';

const call = (id: string, name: string, args: Record<string, unknown>): ToolCall => ({ id, name, rawArguments: JSON.stringify(args), arguments: args });
const calls = (toolCalls: ToolCall[]): ModelResponse => ({ text: '', toolCalls, finishReason: 'tool_calls', usage: { promptTokens: 10, completionTokens: 5 } });
const say = (text: string): ModelResponse => ({ text, toolCalls: [], finishReason: 'stop', usage: { promptTokens: 10, completionTokens: 5 } });

const PLANS: Record<string, ModelResponse[]> = {
  'throw out the old lamp': [calls([call('c1', 'delete_items', { names: ['old lamp'] })]), say('Deleted.')],
  // Offered qualified names, the model uses one, then tries the bare name.
  'throw out the archived lamp': [calls([call('c1', 'archive__delete_items', { names: ['old lamp'] }), call('c2', 'delete_items', { names: ['blue mug'] })]), say('Deleted.')],
  'which tool deletes archived items': [calls([call('c1', 'archive__delete_items', { names: ['x'] })])],
};

/** What each request offered, by the user's request. */
const offered = new Map<string, string[][]>();

function scriptedModel(): ModelDriver {
  return {
    id: 'scripted',
    async complete(request) {
      const user = request.messages.map((m) => m.role).lastIndexOf('user');
      const query = request.messages[user].content;
      offered.set(query, [...(offered.get(query) ?? []), request.tools.map((t) => t.name)]);
      const turn = request.messages.slice(user + 1).filter((m) => m.role === 'assistant').length;
      return PLANS[query]?.[turn] ?? say('(no plan)');
    },
  };
}

const archiveSet = (isolation: 'scenario' | 'run') => ({
  servers: ['archive'],
  isolation,
  scenarios: [{ id: 'lamp', query: 'throw out the old lamp', allow: ['delete_items'], expect: { calls: { steps: [{ tool: 'delete_items', args: { names: [['old lamp']] } }] }, results: { noErrors: true } } }],
});

describe('a tool name two servers list: the call runs on the server the query set selects', () => {
  let model: MockServer;
  beforeAll(async () => {
    model = await startMockServer({ driver: scriptedModel(), modelName: 'scripted' });
  });
  afterAll(async () => {
    await model.close();
  });
  const cliModel = (): string[] => ['--base-url', model.url, '--model-name', 'scripted', '--retries', '0'];
  const helperModel = () => ({ kind: 'openai' as const, baseUrl: model.url, modelName: 'scripted', maxRetries: 0 });

  const checkRanOnArchive = (world: ItemsWorld, result: ToolvetResult): void => {
    expect(world.ran('archive')).toEqual([['delete_items', { names: ['old lamp'] }]]);
    expect(world.ran('shop')).toEqual([]);
    const scenario = result.scenarios![0];
    expect(scenario.state, scenario.reason).toBe('passed');
    expect(scenario.turns[0].calls.map((c) => [c.tool, c.server, c.status])).toEqual([['delete_items', 'archive', 'ran']]);
  };

  for (const isolation of ['scenario', 'run'] as const) {
    it(`through the CLI, isolation: ${isolation}`, async () => {
      const world = itemsWorld();
      offered.delete('throw out the old lamp');
      const json = join(world.dir, 'result.json');
      const run = await runCli(['eval', '--start-timeout', '120000', '--config', world.config, '--queries', world.queries('archive.yaml', archiveSet(isolation)), '--json', json, ...cliModel()], { timeoutMs: 120_000 });
      expect(run.code, run.stderr).toBe(0);
      checkRanOnArchive(world, JSON.parse(readFileSync(json, 'utf8')) as ToolvetResult);
      // The model was offered the archive's tools only, under their own names.
      expect(offered.get('throw out the old lamp')!.map((names) => [...names].sort())).toEqual([
        ['delete_items', 'list_items'],
        ['delete_items', 'list_items'],
      ]);
    }, 150_000);

    it(`through the vitest helper, isolation: ${isolation}`, async () => {
      const world = itemsWorld();
      const result = await evalScenarios({ config: world.config, queries: [world.queries('archive.yaml', archiveSet(isolation))], model: helperModel() });
      checkRanOnArchive(world, result);
    }, 150_000);
  }

  it('offers a name both selected servers list as server__tool, runs the qualified call on its server, and the bare name nowhere', async () => {
    const world = itemsWorld();
    const queries = world.queries('both.yaml', {
      servers: ['archive', 'shop'],
      isolation: 'run',
      cases: [{ id: 'which', query: 'which tool deletes archived items', expect: { tool: 'archive__delete_items' } }],
      scenarios: [{ id: 'lamp', query: 'throw out the archived lamp', allow: ['archive__delete_items'], expect: {} }],
    });
    const json = join(world.dir, 'result.json');
    const run = await runCli(['eval', '--start-timeout', '120000', '--config', world.config, '--queries', queries, '--json', json, ...cliModel()], { timeoutMs: 120_000 });
    const result = JSON.parse(readFileSync(json, 'utf8')) as ToolvetResult;
    expect(world.ran('archive')).toEqual([['delete_items', { names: ['old lamp'] }]]);
    expect(world.ran('shop')).toEqual([]);
    const sorted = (names: string[]): string[] => [...names].sort();
    // list_items is listed by both servers too, so it is qualified as well.
    const expected = ['archive__delete_items', 'archive__list_items', 'shop__delete_items', 'shop__list_items'];
    expect(sorted(offered.get('which tool deletes archived items')![0])).toEqual(expected);
    expect(sorted(offered.get('throw out the archived lamp')![0])).toEqual(expected);
    expect(result.cases![0]).toMatchObject({ state: 'passed', chosen: 'archive__delete_items' });
    const scenario = result.scenarios![0];
    expect(scenario.turns[0].calls.map((c) => [c.tool, c.server ?? null, c.status])).toEqual([
      ['archive__delete_items', 'archive', 'ran'],
      ['delete_items', null, 'invalid'],
    ]);
    expect(result.warnings).toContainEqual(expect.objectContaining({ code: 'W_DUPLICATE_TOOL', message: 'tool "delete_items" is listed by servers archive and shop: the model is offered archive__delete_items and shop__delete_items' }));
    expect(run.code).toBe(1);
  }, 150_000);

  it('the distractor sweep offers the same qualified names, never one name twice', async () => {
    const world = itemsWorld();
    offered.delete('which tool deletes archived items');
    const queries = world.queries('sweep.yaml', { servers: ['archive', 'shop'], cases: [{ id: 'which', query: 'which tool deletes archived items', expect: { tool: 'archive__delete_items' } }] });
    const run = await runCli(['eval', '--start-timeout', '120000', '--config', world.config, '--queries', queries, '--distractors', '0,3', ...cliModel()], { timeoutMs: 120_000 });
    expect(run.code, run.stderr).toBe(0);
    const seen = offered.get('which tool deletes archived items')!;
    expect(seen.map((names) => names.length)).toEqual([4, 7]);
    expect([...seen[0]].sort()).toEqual(['archive__delete_items', 'archive__list_items', 'shop__delete_items', 'shop__list_items']);
    for (const names of seen) expect(new Set(names).size).toBe(names.length);
    expect(world.ran('archive')).toEqual([]);
    expect(world.ran('shop')).toEqual([]);
  }, 150_000);

  it('refuses an allow entry naming a bare name both selected servers list, naming both servers', async () => {
    const world = itemsWorld();
    const queries = world.queries('ambiguous.yaml', { servers: ['archive', 'shop'], scenarios: [{ id: 'lamp', query: 'throw out the old lamp', allow: ['delete_items'] }] });
    const run = await runCli(['eval', '--start-timeout', '120000', '--config', world.config, '--queries', queries, ...cliModel()], { timeoutMs: 120_000 });
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('E_AMBIGUOUS_TOOL');
    expect(run.stderr).toContain('names tool "delete_items", which servers "archive" and "shop" both list, so the model is offered archive__delete_items and shop__delete_items instead');
    expect(run.stderr).toContain('$.scenarios[0].allow');
    const flag = await runCli(['eval', '--start-timeout', '120000', '--config', world.config, '--queries', world.queries('plain.yaml', { servers: ['archive', 'shop'], scenarios: [{ query: 'throw out the old lamp' }] }), '--allow-tools', 'delete_items', ...cliModel()], { timeoutMs: 120_000 });
    expect(flag.code).toBe(3);
    expect(flag.stderr).toContain('--allow-tools names tool "delete_items", which servers "archive" and "shop" both list');
    expect(world.ran('archive')).toEqual([]);
    expect(world.ran('shop')).toEqual([]);
  }, 150_000);
});
