/**
 * Tasks at run time, against the real `@modelcontextprotocol/server-everything` (2025-11-25 era):
 * `simulate-research-query` has `execution.taskSupport: "required"`, so a plain call is refused. A
 * scenario's call goes as a task, is polled to its end, and the model gets (and is scored on) the
 * final report. Through the CLI, with a scripted model behind our endpoint on 127.0.0.1.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../cli/testing.ts';
import { startMockServer, type MockServer } from '../models/mock-server.ts';
import type { ToolvetResult } from '../report/model.ts';
import type { ModelDriver, ModelResponse } from '../types.ts';
import { tempDir } from '../testing/temp-dir.ts';

const dir = tempDir('toolvet-tasks-');
const usage = { promptTokens: 1, completionTokens: 1 };

function researchingModel(): ModelDriver {
  return {
    id: 'researching',
    async complete(request): Promise<ModelResponse> {
      const last = request.messages.at(-1)!;
      if (last.role === 'tool') return { text: `Here it is: ${last.content.slice(0, 200)}`, toolCalls: [], finishReason: 'stop', usage };
      return { text: '', toolCalls: [{ id: 'c1', name: 'simulate-research-query', rawArguments: '{"topic":"bees"}', arguments: { topic: 'bees' } }], finishReason: 'tool_calls', usage };
    },
  };
}

describe('a task-returning tool in a scenario', { timeout: 180_000 }, () => {
  let model: MockServer;
  beforeAll(async () => {
    model = await startMockServer({ driver: researchingModel(), modelName: 'researching' });
  });
  afterAll(async () => {
    await model.close();
  });

  it('is followed to its final result and scored on it', async () => {
    const config = join(dir, 'host.json');
    writeFileSync(config, JSON.stringify({ mcpServers: { everything: { command: process.execPath, args: [join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'] } } }));
    const queries = join(dir, 'research.json');
    const scenario = { id: 'research', query: 'research bees for me', allow: ['simulate-research-query'], expect: { calls: { steps: [{ tool: 'simulate-research-query' }] }, results: { noErrors: true }, answer: { contains: ['Research Report: bees'] } } };
    writeFileSync(queries, JSON.stringify({ name: 'research', servers: ['everything'], scenarios: [scenario] }));
    const json = join(dir, 'result.json');
    const run = await runCli(['eval', '--config', config, '--queries', queries, '--json', json, '--start-timeout', '60000', '--call-timeout', '60000', '--base-url', model.url, '--model-name', 'researching', '--retries', '0'], { timeoutMs: 170_000 });
    const result = JSON.parse(readFileSync(json, 'utf8')) as ToolvetResult;
    const s = result.scenarios![0];
    expect(s.state, s.reason).toBe('passed');
    expect(run.code).toBe(0);
    expect(s.turns[0].calls[0].result).toContain('# Research Report: bees');
    expect(s.turns[0].calls[0].result).not.toContain('requires task augmentation');
  });
});
