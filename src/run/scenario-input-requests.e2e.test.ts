/**
 * Input requests in scenarios: `fixtures/servers/confirm-delete.mjs` (v2 server SDK) asks the user to
 * confirm before `delete_file` deletes. A scripted model behind our endpoint on 127.0.0.1 asks to
 * delete; the scenario's `answers:` say what the user replies. Run through the CLI, as a user would.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, runCli } from '../cli/testing.ts';
import { startMockServer, type MockServer } from '../models/mock-server.ts';
import type { ToolvetResult } from '../report/model.ts';
import type { ModelDriver, ModelResponse } from '../types.ts';
import { tempDir } from '../testing/temp-dir.ts';

const dir = tempDir('toolvet-input-');
const usage = { promptTokens: 1, completionTokens: 1 };

/** Deletes old-report.pdf, then repeats what the tool said. */
function deletingModel(): ModelDriver {
  return {
    id: 'deleting',
    async complete(request): Promise<ModelResponse> {
      const last = request.messages.at(-1)!;
      if (last.role === 'tool') return { text: `Tool said: ${last.content}`, toolCalls: [], finishReason: 'stop', usage };
      return { text: '', toolCalls: [{ id: 'c1', name: 'delete_file', rawArguments: '{"name":"old-report.pdf"}', arguments: { name: 'old-report.pdf' } }], finishReason: 'tool_calls', usage };
    },
  };
}

function scenarioFile(name: string, answers: unknown[] | undefined): string {
  const scenario = { id: name, query: 'delete old-report.pdf', allow: ['delete_file'], ...(answers ? { answers } : {}), expect: { calls: { steps: [{ tool: 'delete_file' }] }, answer: { contains: ['deleted old-report.pdf'] } } };
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify({ name, servers: ['shelf'], scenarios: [scenario] }));
  return file;
}

describe('scenario answers: to input requests', { timeout: 180_000 }, () => {
  let model: MockServer;
  const config = join(dir, 'host.json');
  beforeAll(async () => {
    model = await startMockServer({ driver: deletingModel(), modelName: 'deleting' });
    writeFileSync(config, JSON.stringify({ mcpServers: { shelf: { command: process.execPath, args: [fixture('servers/confirm-delete.mjs')] } } }));
  });
  afterAll(async () => {
    await model.close();
  });
  const run = async (file: string): Promise<{ code: number | null; result: ToolvetResult; stdout: string }> => {
    const json = join(dir, `${Date.now()}-${Math.random()}.json`);
    const out = await runCli(['eval', '--config', config, '--queries', file, '--json', json, '--start-timeout', '60000', '--base-url', model.url, '--model-name', 'deleting', '--retries', '0'], { timeoutMs: 170_000 });
    return { code: out.code, stdout: out.stdout, result: JSON.parse(readFileSync(json, 'utf8')) as ToolvetResult };
  };

  it('passes with an answer matched by field name, and records the request and the answer', async () => {
    const { code, result, stdout } = await run(scenarioFile('confirmed', [{ match: 'confirm', accept: { confirm: true } }]));
    const scenario = result.scenarios![0];
    expect(scenario.state, scenario.reason).toBe('passed');
    expect(code).toBe(0);
    expect(stdout).toContain('? asked "Delete old-report.pdf? This cannot be undone." (fields: confirm) -> accept {"confirm":true} (match "confirm")');
    expect(scenario.turns[0].calls[0].inputs).toEqual([
      { message: 'Delete old-report.pdf? This cannot be undone.', fields: ['confirm'], mode: 'form', action: 'accept', content: { confirm: true }, matched: 'confirm' },
    ]);
  });

  it('fails without answers, naming the request; the server was told cancel and deleted nothing', async () => {
    const { code, result, stdout } = await run(scenarioFile('unanswered', undefined));
    expect(stdout).toContain('? asked "Delete old-report.pdf? This cannot be undone." (fields: confirm) -> no answers: entry matched (told cancel)');
    const scenario = result.scenarios![0];
    expect(code).toBe(1);
    expect(scenario.state).toBe('failed');
    expect(scenario.reason).toBe('delete_file asked for input and no answers: entry matched: "Delete old-report.pdf? This cannot be undone." (fields: confirm); add one, e.g. {match: "confirm", accept: {...}} (it was told cancel)');
    expect(scenario.turns[0].calls[0]).toMatchObject({ result: 'kept old-report.pdf: the user did not confirm', inputs: [{ action: 'cancel', unanswered: true }] });
  });

  it('a wildcard decline is an answer: the scenario fails on what the tool then did, not on the request', async () => {
    const { result } = await run(scenarioFile('declined', [{ match: 'something else', accept: { confirm: true } }, { match: '*', decline: true }]));
    const scenario = result.scenarios![0];
    expect(scenario.turns[0].calls[0].inputs).toEqual([expect.objectContaining({ action: 'decline', matched: '*' })]);
    expect(scenario.checks.find((c) => c.id === 'input-answered')?.pass).toBe(true);
    expect(scenario.reason).toMatch(/final answer/);
  });

  it('matches by the message text too', async () => {
    const { result } = await run(scenarioFile('by-message', [{ match: 'cannot be undone', accept: { confirm: true } }]));
    expect(result.scenarios![0].state, result.scenarios![0].reason).toBe('passed');
  });
});
