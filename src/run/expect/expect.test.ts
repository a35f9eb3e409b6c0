/** Every scenario scorer: its id is its file name, and a table of trajectories it passes and fails. */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Scenario, ScenarioExpect, TrajectoryCall } from '../scenario-types.ts';
import { SCENARIO_SCORERS, type TrajectoryView } from './index.ts';

const call = (tool: string, args: Record<string, unknown> = {}, extra: Partial<TrajectoryCall> = {}): TrajectoryCall => ({
  turn: 1,
  tool,
  arguments: args,
  rawArguments: JSON.stringify(args),
  status: 'ran',
  result: '{"ok":true}',
  isError: false,
  latencyMs: 1,
  ...extra,
});

function view(expect: ScenarioExpect, calls: TrajectoryCall[], over: Partial<TrajectoryView> = {}): TrajectoryView {
  const scenario: Scenario = { id: 's', suite: 't', query: 'q', maxTurns: 8, allow: [], expect };
  return {
    scenario,
    calls,
    stop: 'answer',
    finalAnswer: 'Added buy oat milk.',
    turns: [],
    cost: { promptTokens: 100, completionTokens: 20, modelLatencyMs: 10, toolLatencyMs: 5, turns: 2, calls: calls.length, cost: null },
    ...over,
  };
}

const byId = new Map(SCENARIO_SCORERS.map((s) => [s.id, s]));
const add = call('add_todo', { title: 'buy oat milk' });
const list = call('list_todos');
const steps = [{ tool: 'add_todo', args: { title: { anyOf: ['buy oat milk'], optional: false } } }, { tool: 'list_todos' }];

const TABLE: Array<[string, TrajectoryView, boolean, RegExp?]> = [
  ['calls', view({ calls: { order: 'exact', steps } }, [add, list]), true],
  ['calls', view({ calls: { order: 'exact', steps } }, [add]), false, /^expected list_todos as call 2 \(order exact\); got add_todo$/],
  ['calls', view({ calls: { order: 'exact', steps } }, [add, list, list]), false, /^1 call\(s\) beyond the 2 step\(s\) \(order exact\): list_todos$/],
  ['calls', view({ calls: { order: 'exact', steps } }, [list, add]), false, /^expected add_todo before list_todos \(order exact\)/],
  ['calls', view({ calls: { order: 'in-order', steps } }, [list, add, call('find_todos'), list]), true],
  ['calls', view({ calls: { order: 'in-order', steps, maxExtra: 1 } }, [list, add, list]), true],
  ['calls', view({ calls: { order: 'in-order', steps, maxExtra: 0 } }, [list, add, list]), false, /^1 call\(s\) beyond the 0 extra allowed: list_todos$/],
  ['calls', view({ calls: { order: 'any-order', steps } }, [list, add]), true],
  ['calls', view({ calls: { order: 'any-order', steps: [{ tool: 'list_todos' }, { tool: 'list_todos' }] } }, [list]), false, /^expected 2 separate calls to list_todos \(any order\)/],
  ['calls', view({ calls: { order: 'in-order', steps } }, [call('add_todo', undefined, { arguments: undefined, rawArguments: '{"ti', why: 'its arguments were cut off (finish_reason length)' }), list]), false, /were cut off/],
  ['calls', view({ calls: { order: 'in-order', steps: [], maxExtra: 0 } }, [list]), false, /^1 call\(s\) beyond the 0 extra allowed: list_todos$/],
  ['not-tools', view({ notTools: ['clear_todos'] }, [add, list]), true],
  ['not-tools', view({ notTools: ['clear_todos'] }, [call('clear_todos', {}, { status: 'held' })]), false, /^called clear_todos \(call 1, held back\)/],
  ['held-back', view({}, [add]), true],
  ['held-back', view({}, [call('clear_todos', {}, { status: 'held', why: 'not allowed' })]), false, /^1 call\(s\) held back, not executed: clear_todos \(not allowed\)$/],
  ['input-answered', view({}, [add]), true, /^no input request$/],
  ['input-answered', view({}, [call('delete_file', {}, { inputs: [{ message: 'Delete it?', fields: ['confirm'], mode: 'form', action: 'decline', matched: '*' }] })]), true, /^1 input request\(s\), each answered$/],
  ['input-answered', view({}, [call('delete_file', {}, { inputs: [{ message: 'Delete it?', fields: ['confirm'], mode: 'form', action: 'cancel', unanswered: true }] })]), false, /^delete_file asked for input and no answers: entry matched: "Delete it\?" \(fields: confirm\)/],
  ['well-formed', view({}, [add]), true],
  ['well-formed', view({}, [call('nope', {}, { status: 'invalid', why: 'a tool nobody lists' })]), false, /^call 1 \(nope, turn 1\) could not run: a tool nobody lists$/],
  ['results', view({ results: { noErrors: true } }, [add, call('clear_todos', {}, { status: 'held', isError: true })]), true],
  ['results', view({ results: { noErrors: true } }, [call('complete_todo', {}, { isError: true, result: 'NOT_FOUND' })]), false, /^complete_todo \(turn 1\) returned an error/],
  ['budget', view({ budget: { turns: 2, tokens: 120, latencyMs: 15 } }, []), true],
  ['budget', view({ budget: { tokens: 119 } }, []), false, /^120 tokens used, over the budget of 119 \(budget\.tokens\)$/],
  ['budget', view({ budget: { latencyMs: 14 } }, []), false, /^15 ms spent, over the budget of 14 ms/],
  ['budget', view({ budget: { turns: 1 } }, []), false, /^2 model turns, over the budget of 1/],
  ['budget', view({ budget: { tokens: 1 } }, [], { stop: 'budget', budgetSpent: '130 tokens used, over the budget of 1' }), false, /^budget spent before a final answer: 130 tokens/],
  ['turn-limit', view({}, []), true],
  ['turn-limit', view({}, [list], { stop: 'max-turns' }), false, /^no final answer after 0 turns \(maxTurns 8\); the last call was list_todos$/],
  ['answer', view({ answer: { contains: ['OAT MILK'], matches: 'added .* milk', notContains: ['sorry'] } }, []), true],
  ['answer', view({ answer: { contains: ['soy'] } }, []), false, /^the final answer does not contain "soy"/],
  ['answer', view({ answer: { notContains: ['added'] } }, []), false, /^the final answer contains "added" \(notContains\)/],
  ['state', view({ state: { call: { tool: 'list_todos', args: {} }, contains: ['milk'] } }, [], { stateCall: { tool: 'list_todos', arguments: {}, result: 'milk', isError: false } }), true],
  ['state', view({ state: { call: { tool: 'list_todos', args: {} }, contains: ['milk'] } }, [], { stateCall: { tool: 'list_todos', arguments: {}, result: 'bread', isError: false } }), false, /^state: list_todos after the run does not contain "milk"/],
  ['state', view({ state: { call: { tool: 'list_todos', args: {} } } }, [], { stateCall: { tool: 'list_todos', arguments: {}, result: 'boom', isError: true } }), false, /^state: list_todos returned an error/],
];

describe('scenario scorers', () => {
  it('each registered id has its own file, table rows that pass and fail, and a line in docs/scenarios.md', () => {
    const docs = readFileSync(new URL('../../../docs/scenarios.md', import.meta.url), 'utf8');
    for (const scorer of SCENARIO_SCORERS) {
      expect(docs, scorer.id).toContain(`| \`${scorer.id}\` |`);
      expect(existsSync(fileURLToPath(new URL(`./${scorer.id}.ts`, import.meta.url))), scorer.id).toBe(true);
      expect(TABLE.filter(([id, , pass]) => id === scorer.id && pass).length, `${scorer.id} passes`).toBeGreaterThan(0);
      expect(TABLE.filter(([id, , pass]) => id === scorer.id && !pass).length, `${scorer.id} fails`).toBeGreaterThan(0);
    }
  });

  it.each(TABLE.map((row, i) => [`${row[0]} #${i}`, ...row] as const))('%s', (_name, id, v, pass, reason) => {
    const outcome = byId.get(id)!.check(v);
    expect(outcome.pass, outcome.reason).toBe(pass);
    if (reason) expect(outcome.reason).toMatch(reason);
  });
});
