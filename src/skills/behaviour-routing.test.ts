/**
 * The skills behaviour eval routes and guards calls like scenarios: on two real servers listing the
 * same tool names (src/testing/items-server.ts), the model is offered `server__tool`, an allowed
 * qualified call runs on its own server only, and the bare name and unallowed calls run nowhere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadHostConfig } from '../config/host-config.ts';
import { ServerPool } from '../servers/server-pool.ts';
import { itemsWorld, type ItemsWorld } from '../testing/items-server.ts';
import type { ModelDriver, ModelResponse } from '../types.ts';
import { runBehaviourEval } from './behaviour-eval.ts';
import { discoverSkills } from './discover.ts';
import type { SkillEvalCase } from './evals-file.ts';

// A real skill for the loop's system prompt; the scripted model does not read it.
const skills = new Map(discoverSkills([{ dir: 'fixtures/skills/project', scope: 'project', explicit: true }]).skills.map((s) => [s.name, s]));
const CASE: SkillEvalCase = { id: 'reference-manager/lamp', skill: 'reference-manager', query: 'throw out the old lamp', shouldTrigger: true, behaviours: ['Calls archive__delete_items'], dialect: 'spec', path: '$.evals[0]' };

/** Asks for the archive's delete_items by its qualified name, then by the bare one, then answers; records what it was offered. */
function scriptedModel(offered: string[][]): ModelDriver {
  const plan: ModelResponse[] = [
    {
      text: '',
      finishReason: 'tool_calls',
      toolCalls: [
        { id: 'c1', name: 'archive__delete_items', rawArguments: '{"names":["old lamp"]}', arguments: { names: ['old lamp'] } },
        { id: 'c2', name: 'delete_items', rawArguments: '{"names":["blue mug"]}', arguments: { names: ['blue mug'] } },
      ],
    },
    { text: 'Done.', finishReason: 'stop', toolCalls: [] },
  ];
  return {
    id: 'scripted',
    async complete(request) {
      offered.push(request.tools.map((t) => t.name));
      return plan[request.messages.filter((m) => m.role === 'assistant').length] ?? plan[1];
    },
  };
}

describe('behaviour eval on two servers listing the same tools', () => {
  let world: ItemsWorld;
  let pool: ServerPool;
  beforeAll(async () => {
    world = itemsWorld();
    pool = await ServerPool.start(loadHostConfig(world.config), ['archive', 'shop']);
    expect(pool.errors()).toEqual([]);
  });
  afterAll(async () => pool?.close());

  it('offers server__tool, runs the allowed qualified call on its server, and the bare name nowhere', async () => {
    const offered: string[][] = [];
    const result = await runBehaviourEval({ skills, cases: [CASE], model: scriptedModel(offered), pool, baseline: false, allowTools: ['archive__delete_items'] });
    expect([...offered[0]].sort()).toEqual(['archive__delete_items', 'archive__list_items', 'shop__delete_items', 'shop__list_items']);
    expect(world.ran('archive')).toEqual([['delete_items', { names: ['old lamp'] }]]);
    expect(world.ran('shop')).toEqual([]);
    const calls = result.cases[0].runs[0].toolCalls;
    expect(calls.map((c) => [c.name, c.server ?? null, c.isError])).toEqual([
      ['archive__delete_items', 'archive', false],
      ['delete_items', null, true],
    ]);
    expect(result.behaviours[0].state).toBe('passed');
  });

  it('holds back the call when nothing allows it', async () => {
    const before = world.ran('archive').length;
    const result = await runBehaviourEval({ skills, cases: [CASE], model: scriptedModel([]), pool, baseline: false });
    expect(world.ran('archive').length).toBe(before);
    expect(world.ran('shop')).toEqual([]);
    expect(result.cases[0].runs[0].toolCalls[0].result).toBe(
      'Not executed: Toolvet held back this call to archive__delete_items because it may delete or overwrite data: not annotated readOnlyHint: true, and not in --allow-tools. Nothing was changed.',
    );
  });
});
