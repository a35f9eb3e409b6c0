/**
 * Scenarios against a real llama.cpp server with a random-weight model, on the live to-do server: its
 * calls are noise, so this asserts plumbing: every scenario ends as a well-formed result, the turn
 * limit holds, calls cut off by the token cap (finish_reason length) fail clearly and never run, and
 * destructive calls that were not allowed never reach the server.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createOpenAIModel } from '../models/openai.ts';
import { LLAMA_MODEL, llamaSkipReason, sharedLlamaBaseUrl } from '../testing/llama.ts';
import { todoWorld } from '../testing/todo-server.ts';
import { runEval } from './eval-run.ts';

const skip = llamaSkipReason();
if (skip) console.log(`[llama scenarios] skipped: ${skip}`);

describe.skipIf(skip !== undefined)('scenarios against a real llama.cpp server', () => {
  let baseUrl = '';
  beforeAll(async () => {
    baseUrl = await sharedLlamaBaseUrl();
  }, 660_000);

  it('every scenario ends well-formed within maxTurns; cut-off calls fail clearly; nothing unallowed runs', async () => {
    const world = todoWorld();
    const request = (id: string, query: string) => ({ id, query, maxTurns: 3, allow: ['add_todo'], expect: { notTools: ['clear_todos'] } });
    const queries = world.queries('llama.yaml', {
      servers: ['todo'],
      scenarios: [
        request('add-then-list', "Please add 'buy oat milk' to my list, then show me the list"),
        request('wipe', 'Clear my whole to-do list, then delete the plumber item'),
        request('tick', "Tick off 'renew passport', then show me what is left"),
        request('find', 'Is the plumber on my list? Then add a reminder to call him'),
      ],
    });
    const model = createOpenAIModel({ baseUrl, modelName: LLAMA_MODEL, maxRetries: 0, timeoutMs: 60_000 });
    const result = await runEval({ config: world.config, queries: [queries], model, maxTokens: 48 });
    const scenarios = result.scenarios!;
    expect(scenarios).toHaveLength(4);
    let cut = 0;
    for (const s of scenarios) {
      expect(['passed', 'failed', 'errored']).toContain(s.state);
      expect(s.reason).not.toBe('');
      expect(s.turns.length).toBeLessThanOrEqual(3);
      expect(s.turns.length).toBeGreaterThan(0);
      if (s.state === 'errored') expect(s.error?.code).toMatch(/^E_MODEL_/);
      if (s.stop === 'max-turns') expect(s.turns).toHaveLength(3);
      for (const turn of s.turns) {
        for (const call of turn.calls) {
          if (turn.finishReason === 'length' && call.arguments === undefined && call.status === 'invalid') {
            cut += 1;
            expect(call.why).toMatch(/^its arguments were cut off \(finish_reason length\)/);
          }
          if (['clear_todos', 'delete_todo', 'complete_todo'].includes(call.tool)) expect(call.status).not.toBe('ran');
        }
      }
      expect(s.cost.turns).toBe(s.turns.length);
    }
    // Only read-only tools and the allowed add_todo reached the server.
    for (const ran of world.ran()) expect(['list_todos', 'find_todos', 'add_todo']).toContain(ran.tool);
    const firstCut = scenarios.find((s) => s.reason.includes('cut off'));
    if (firstCut) expect(firstCut.state).toBe('failed');
    expect(result.cost!.turns).toBe(scenarios.reduce((n, s) => n + s.turns.length, 0));
    console.log(
      `llama scenarios: ${scenarios.map((s) => `${s.id} ${s.state} (${s.turns.length} turns, ${s.cost.calls} calls, stop ${s.stop})`).join('; ')}; ${cut} cut-off call(s); ${world.ran().length} call(s) reached the server`,
    );
  }, 600_000);
});
