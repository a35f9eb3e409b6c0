/** evalScenarios and toFollowTrajectory, as a suite uses them: the mock model on the live to-do server. */
import { beforeAll, describe, expect, it } from 'vitest';
import { todoWorld } from '../testing/todo-server.ts';
import type { ToolvetResult } from '../report/model.ts';
import { evalScenarios } from './index.ts';

let result: ToolvetResult;

beforeAll(async () => {
  const world = todoWorld();
  const queries = world.queries('todo.yaml', {
    servers: ['todo'],
    scenarios: [
      { id: 'add-then-list', query: "Please add 'buy oat milk' to my list, then show me the list", allow: ['add_todo'] },
      { id: 'show', query: 'Show me my to-do list' },
    ],
  });
  result = await evalScenarios({ config: world.config, queries: [queries] });
}, 120_000);

describe('toFollowTrajectory', () => {
  it('passes on the calls the scenario made, in order, with arguments', () => {
    expect(result).toFollowTrajectory(['add_todo', 'list_todos'], { scenario: 'add-then-list', order: 'exact', maxExtra: 0 });
    expect(result).toFollowTrajectory([{ tool: 'add_todo', args: { title: ['buy oat milk'] } }], { scenario: 'todo/add-then-list' });
    expect(result.scenarios![1]).toFollowTrajectory(['list_todos']);
  });

  it('fails with the reason and the trajectory', () => {
    expect(result).not.toFollowTrajectory(['list_todos', 'add_todo'], { scenario: 'add-then-list', order: 'exact' });
    let message = '';
    try {
      expect(result).toFollowTrajectory([{ tool: 'add_todo', args: { title: ['buy soy milk'] } }], { scenario: 'add-then-list' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('expected todo/add-then-list to follow add_todo (order in-order): step 1 (add_todo): call 1 has the tool but not the arguments: argument "title" is "buy oat milk", expected "buy soy milk"');
    expect(message).toContain('-> add_todo {"title":"buy oat milk"} [ok');
  });

  it('asks which scenario when a result has several', () => {
    expect(() => expect(result).toFollowTrajectory(['list_todos'])).toThrow('toFollowTrajectory: the result has 2 scenarios: name one with {scenario: "id"}');
  });
});
