/**
 * Scenarios call tools too, so each call's result goes through the one structured-result check
 * (src/servers/structured-result.ts): a scripted model calls the forecast fixture's get_forecast,
 * whose structuredContent breaks its outputSchema, and the trajectory names the path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { fixture, runCli } from '../cli/testing.ts';
import { startMockServer, type MockServer } from '../models/mock-server.ts';
import type { ModelResponse } from '../types.ts';
import { readResult, scenarioOf, todoWorld } from '../testing/todo-server.ts';

const plan: ModelResponse[] = [
  { text: '', toolCalls: [{ id: 'c1', name: 'get_forecast', rawArguments: '{"city":"Oslo"}', arguments: { city: 'Oslo' } }, { id: 'c2', name: 'list_cities', rawArguments: '{}', arguments: {} }], finishReason: 'tool_calls' },
  { text: 'Oslo: 12, warm, 9.', toolCalls: [], finishReason: 'stop' },
];

describe('scenarios: structured results of the calls the model makes', () => {
  let server: MockServer;
  beforeAll(async () => {
    server = await startMockServer({
      driver: { id: 'scripted', complete: async (request) => plan[request.messages.filter((m) => m.role === 'assistant').length] ?? plan[1] },
      modelName: 'scripted',
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('records the broken outputSchema on the call, with its path, and nothing on the valid array-root result', async () => {
    const world = todoWorld({ forecast: { command: process.execPath, args: [fixture('servers/structured.mjs')] } });
    const queries = world.queries('forecast.yaml', { servers: ['forecast'], scenarios: [{ id: 'oslo', query: 'forecast for Oslo', expect: {} }] });
    const json = join(world.dir, 'result.json');
    const run = await runCli(['eval', '--config', world.config, '--queries', queries, '--json', json, '--base-url', server.url, '--model-name', 'scripted', '--retries', '0'], { timeoutMs: 120_000 });
    expect(run.code, run.stderr).not.toBe(2);
    const [forecast, cities] = scenarioOf(readResult(json), 'oslo').turns[0].calls;
    expect(forecast).toMatchObject({ tool: 'get_forecast', status: 'ran', structured: { status: 'fail', path: '$.days[1].high' } });
    expect(cities.tool).toBe('list_cities');
    expect(cities.structured).toBeUndefined();
  }, 150_000);
});
