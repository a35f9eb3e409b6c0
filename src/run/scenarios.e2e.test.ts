/**
 * Scenarios through the real CLI against the live fixture to-do server, with the mock model: one
 * passing scenario whose calls the server's own log shows, and one failing scenario per reason.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { runCli } from '../cli/testing.ts';
import type { ToolvetResult } from '../report/model.ts';
import { readResult, scenarioOf, todoWorld } from '../testing/todo-server.ts';

const REQUEST = "Please add 'buy oat milk' to my list, then show me the list";
const base = { query: REQUEST, allow: ['add_todo'] };

describe('a passing scenario', () => {
  it('runs its calls on the live server, in order, and reports the trajectory', async () => {
    const world = todoWorld();
    const queries = world.queries('pass.yaml', {
      servers: ['todo'],
      scenarios: [
        {
          id: 'add-then-list',
          system: "You manage the user's to-do list.",
          messages: [
            { role: 'user', content: 'Hi, I keep a to-do list with you.' },
            { role: 'assistant', content: 'Great, tell me what to add or show.' },
          ],
          ...base,
          maxTurns: 6,
          expect: {
            calls: { order: 'exact', maxExtra: 0, steps: [{ tool: 'add_todo', args: { title: ['buy oat milk'] } }, { tool: 'list_todos' }] },
            notTools: ['clear_todos', 'delete_todo'],
            results: { noErrors: true },
            answer: { contains: ['oat milk'], matches: 'buy oat milk', notContains: ['error'] },
            state: { call: { tool: 'list_todos', args: { status: 'open' } }, contains: ['oat milk'] },
            budget: { turns: 3, tokens: 4000, latencyMs: 60000 },
          },
        },
      ],
    });
    const json = join(world.dir, 'result.json');
    const run = await runCli(['eval', '--start-timeout', '120000', '--config', world.config, '--queries', queries, '--json', json], { timeoutMs: 120_000 });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const s = scenarioOf(readResult(json), 'add-then-list');
    expect(s.state, s.reason).toBe('passed');
    expect(s.checks.map((c) => c.id)).toEqual(['not-tools', 'held-back', 'input-answered', 'well-formed', 'calls', 'results', 'budget', 'turn-limit', 'answer', 'state']);
    expect(s.turns.map((t) => t.calls.map((c) => c.tool))).toEqual([['add_todo'], ['list_todos'], []]);
    // The server's own record: the two calls, then the state call, all in one process.
    const ran = world.ran();
    expect(ran.map((r) => [r.tool, r.arguments])).toEqual([
      ['add_todo', { title: 'buy oat milk' }],
      ['list_todos', { status: 'all' }],
      ['list_todos', { status: 'open' }],
    ]);
    expect(new Set(ran.map((r) => r.pid)).size).toBe(1);
    expect(s.stateCall?.result).toContain('buy oat milk');
    expect(s.finalAnswer).toContain('buy oat milk');
    expect(run.stdout).toContain('PASSED pass/add-then-list');
    expect(run.stdout).toMatch(/-> add_todo \{"title":"buy oat milk"\} \[ok/);
  }, 150_000);
});

describe('a scenario fails, with its reason in words, for each expectation', () => {
  let result: ToolvetResult;
  let code: number | null;
  let stdout = '';
  const failing: Array<[string, object, RegExp]> = [
    ['order-exact', { calls: { order: 'exact', steps: [{ tool: 'list_todos' }, { tool: 'add_todo' }] } }, /^expected list_todos before add_todo \(order exact\); got add_todo, list_todos$/],
    ['order-in-order', { calls: { steps: [{ tool: 'list_todos' }, { tool: 'add_todo' }] } }, /^expected add_todo after list_todos \(order in-order\); got add_todo, list_todos$/],
    ['order-any', { calls: { order: 'any-order', steps: [{ tool: 'list_todos' }, { tool: 'find_todos' }] } }, /^expected a call to find_todos \(any order\); got add_todo, list_todos$/],
    [
      'step-args',
      { calls: { steps: [{ tool: 'add_todo', args: { title: ['buy soy milk'] } }] } },
      /^step 1 \(add_todo\): call 1 has the tool but not the arguments: argument "title" is "buy oat milk", expected "buy soy milk"$/,
    ],
    ['max-extra', { calls: { maxExtra: 0, steps: [{ tool: 'add_todo' }] } }, /^1 call\(s\) beyond the 0 extra allowed: list_todos$/],
    ['not-tools', { notTools: ['list_todos'] }, /^called list_todos \(call 2, ran\), which the scenario rules out \(notTools\)$/],
    ['answer-contains', { answer: { contains: ['soy milk'] } }, /^the final answer does not contain "soy milk": "Done in 2 steps/],
    ['answer-matches', { answer: { matches: 'soy ?milk' } }, /^the final answer does not match \/soy \?milk\/i: /],
    ['answer-not-contains', { answer: { notContains: ['plumber'] } }, /^the final answer contains "plumber" \(notContains\): /],
    ['state', { state: { call: { tool: 'list_todos', args: {} }, contains: ['soy milk'] } }, /^state: list_todos after the run does not contain "soy milk": /],
    ['budget-turns', { budget: { turns: 2 } }, /^3 model turns, over the budget of 2 \(budget\.turns\)$/],
    ['budget-tokens', { budget: { tokens: 1000 } }, /^budget spent before a final answer: \d+ tokens used, over the budget of 1000$/],
    ['budget-latency', { budget: { latencyMs: 0.001 } }, /^budget spent before a final answer: \d+ ms spent, over the budget of 0\.001 ms$/],
  ];

  beforeAll(async () => {
    const world = todoWorld();
    const scenarios = [
      ...failing.map(([id, expect]) => ({ id, ...base, expect })),
      { id: 'held-back', query: REQUEST, expect: {} },
      { id: 'results', query: "Tick off 'walk the dog' on my to-do list", allow: ['complete_todo'], expect: { results: { noErrors: true } } },
      { id: 'turn-limit', ...base, maxTurns: 2, expect: {} },
    ];
    const queries = world.queries('reasons.yaml', { servers: ['todo'], scenarios });
    const json = join(world.dir, 'result.json');
    const run = await runCli(['eval', '--start-timeout', '120000', '--config', world.config, '--queries', queries, '--json', json], { timeoutMs: 300_000 });
    code = run.code;
    stdout = run.stdout;
    result = readResult(json);
  }, 330_000);

  it('exits 1 and says how many scenarios failed', () => {
    expect(code).toBe(1);
    expect(result.verdict.status).toBe('fail');
    expect(result.verdict.reasons[0]).toMatch(/^16 of 16 scenario\(s\) failed; first reasons\/order-exact: expected list_todos before add_todo/);
  });

  it.each(failing.map(([id, , reason]) => [id, reason] as const))('%s', (id, reason) => {
    const s = scenarioOf(result, id);
    expect(s.state).toBe('failed');
    expect(s.reason).toMatch(reason);
    expect(stdout).toContain(`FAILED reasons/${id}: ${s.reason}`);
  });

  it('held-back: a call to a tool that is not read-only and not allowed does not run, and the model is told', () => {
    const s = scenarioOf(result, 'held-back');
    expect(s.reason).toMatch(/^1 call\(s\) held back, not executed: add_todo \(may change data: not annotated readOnlyHint: true, and not in the scenario's allow list or --allow-tools\)$/);
    const call = s.turns[0].calls[0];
    expect(call).toMatchObject({ tool: 'add_todo', status: 'held', isError: true, latencyMs: 0 });
    expect(call.result).toMatch(/^Not executed: Toolvet held back this call to add_todo/);
    // The mock goes on to its next clause: the read-only list ran, and shows no oat milk.
    expect(s.turns[1].calls[0]).toMatchObject({ tool: 'list_todos', status: 'ran' });
    expect(s.turns[1].calls[0].result).not.toContain('oat milk');
    expect(result.scenarioSummary?.heldBack).toBe(1);
  });

  it('results: a call that returned isError fails results.noErrors', () => {
    expect(scenarioOf(result, 'results').reason).toMatch(/^complete_todo \(turn 1\) returned an error \(results\.noErrors\): .*NOT_FOUND/);
  });

  it('turn-limit: no final answer within maxTurns', () => {
    const s = scenarioOf(result, 'turn-limit');
    expect(s.reason).toBe('no final answer after 2 turns (maxTurns 2); the last call was list_todos');
    expect(s.stop).toBe('max-turns');
    expect(s.turns).toHaveLength(2);
  });
});
