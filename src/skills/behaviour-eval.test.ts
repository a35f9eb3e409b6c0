import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadHostConfig } from '../config/host-config.ts';
import { createMockModel } from '../models/mock.ts';
import { createOpenAIModel } from '../models/openai.ts';
import { startFaultEndpoint, type FaultEndpoint } from '../models/testing/fault-endpoint.ts';
import { completion, serverError, textAnswer, toolCall } from '../models/testing/replies.ts';
import { ServerPool } from '../servers/server-pool.ts';
import { runBehaviourEval, type BehaviourEvalOptions } from './behaviour-eval.ts';
import { discoverSkills } from './discover.ts';
import type { SkillEvalCase } from './evals-file.ts';
import type { SkillDoc } from './skill-file.ts';

const discovery = discoverSkills([
  { dir: 'fixtures/skills/user', scope: 'user', explicit: true },
  { dir: 'fixtures/skills/project', scope: 'project', explicit: true },
]);
const skills = new Map<string, SkillDoc>(discovery.skills.map((s) => [s.name, s]));
let pool: ServerPool;

beforeAll(async () => {
  pool = await ServerPool.start(loadHostConfig('fixtures/hosts/example.json'), ['refman']);
  expect(pool.errors()).toEqual([]);
});
afterAll(async () => pool?.close());

function refmanCase(behaviours: string[], query = 'What do I have by Hughes in my library?'): SkillEvalCase {
  return { id: 'reference-manager/t', skill: 'reference-manager', query, shouldTrigger: true, behaviours, dialect: 'spec', path: '$.evals[0]' };
}

function options(extra: Partial<BehaviourEvalOptions>): BehaviourEvalOptions {
  return { skills, cases: [], model: createMockModel(), pool, ...extra };
}

describe('behaviour eval against the live refman server', () => {
  it('runs the agent loop, keeps the transcript, scores mechanical forms and leaves the rest unscored', async () => {
    const c = refmanCase(['Calls search_items', 'Mentions "Hughes"', 'Does not call add_item', 'Cites each item by its key']);
    const result = await runBehaviourEval(options({ cases: [c] }));
    const run = result.cases[0].runs[0];
    expect(run.arm).toBe('with-skill');
    expect(run.stop).toBe('answer');
    expect(run.transcript.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant']);
    expect(run.transcript[0].content).toContain('# Reference manager library');
    expect(run.toolCalls[0]).toMatchObject({ name: 'search_items', server: 'refman', isError: false });
    expect(run.toolCalls[0].result).toContain('Hughes');
    expect(result.behaviours.map((b) => [b.behaviour, b.state, b.judge])).toEqual([
      ['Calls search_items', 'passed', 'mechanical'],
      ['Mentions "Hughes"', 'passed', 'mechanical'],
      ['Does not call add_item', 'passed', 'mechanical'],
      ['Cites each item by its key', 'unscored', 'none'],
    ]);
    expect(result.behaviours[3].passRate).toBeNull();
    expect(result.unscored).toBe(1);
    // The mock ignores the system prompt, so its passes hold without the skill too: flagged.
    expect(result.cases[0].baselineRuns[0].transcript[0].content).not.toContain('# Reference manager library');
    expect(result.behaviours[0].discriminates).toBe(false);
    expect(result.nonDiscriminating).toBe(3);
  });

  it('returns structured tool failures to the model, and errors a form naming a tool nobody offered', async () => {
    const c = refmanCase(['Calls add_item', 'Mentions "read-only"', 'Calls summon_unicorn'], "Add the paper 'Coral futures' to my reference library");
    // add_item may write: it runs only because the user allows it (else it is held back, see behaviour-safety.e2e.test.ts).
    const result = await runBehaviourEval(options({ cases: [c], baseline: false, allowTools: ['add_item'] }));
    const run = result.cases[0].runs[0];
    expect(run.toolCalls[0]).toMatchObject({ name: 'add_item', isError: true });
    expect(result.behaviours.map((b) => b.state)).toEqual(['passed', 'passed', 'errored']);
    expect(result.behaviours[2].discriminates).toBeNull();
  });

  it('offers the other skills through load_skill and records what the model loaded', async () => {
    const c: SkillEvalCase = { ...refmanCase(['Loads skill xlsx']), id: 'docx/f', skill: 'docx', query: 'Update the SUM formulas in my budget spreadsheet so the totals recalculate' };
    const result = await runBehaviourEval(options({ cases: [c], baseline: false }));
    expect(result.cases[0].runs[0].loadedSkills).toEqual(['xlsx']);
    expect(result.behaviours[0].state).toBe('passed');
  });
});

describe('cases that ask for more skills (best-practices dialect)', () => {
  it('puts the body of every listed skill in the system prompt', async () => {
    const c: SkillEvalCase = { ...refmanCase(['Does not call load_skill']), skills: ['xlsx'] };
    const result = await runBehaviourEval(options({ cases: [c], baseline: false }));
    const run = result.cases[0].runs[0];
    expect(run.transcript[0].content).toContain('The skill "reference-manager" is loaded');
    expect(run.transcript[0].content).toContain('The skill "xlsx" is loaded');
    expect(result.behaviours[0].state).toBe('passed');
  });
});

describe('agent loop and judge over real HTTP (fault endpoint)', () => {
  let endpoint: FaultEndpoint | undefined;
  afterAll(async () => endpoint?.close());
  const model = (url: string) => createOpenAIModel({ baseUrl: url, modelName: 'fault-model', maxRetries: 0 });

  it('stops at max turns when the model keeps calling tools', async () => {
    endpoint = await startFaultEndpoint(() => toolCall('search_items', { query: 'coral' }));
    const result = await runBehaviourEval(options({ cases: [refmanCase(['Calls search_items'])], model: model(endpoint.url), maxTurns: 3, baseline: false }));
    const run = result.cases[0].runs[0];
    expect(run.stop).toBe('max-turns');
    expect(run.turns).toBe(3);
    expect(run.toolCalls).toHaveLength(3);
    expect(run.transcript.filter((m) => m.role === 'tool')).toHaveLength(3);
    await endpoint.close();
    endpoint = undefined;
  });

  it('a failing model makes every behaviour of the run errored, never passed', async () => {
    endpoint = await startFaultEndpoint(() => serverError());
    const result = await runBehaviourEval(options({ cases: [refmanCase(['Calls search_items'])], model: model(endpoint.url), baseline: false }));
    expect(result.cases[0].runs[0].stop).toBe('error');
    expect(result.behaviours[0]).toMatchObject({ state: 'errored', passRate: null });
    await endpoint.close();
    endpoint = undefined;
  });

  it('the LLM judge: a quoted pass passes; prose, invented evidence and bad JSON are errors', async () => {
    endpoint = await startFaultEndpoint([
      textAnswer('{"pass": true, "evidence": "search_items", "reason": "it searched"}'),
      textAnswer('Yes, the assistant clearly did that.'),
      textAnswer('{"pass": true, "evidence": "I cited ABCD2345 and WXYZ6789 by key", "reason": "made up"}'),
      completion({ content: '```json\n{"pass": false, "evidence": "", "reason": "no keys cited"}\n```' }),
      textAnswer('{"passed": "yes"}'),
    ]);
    const behaviours = ['Searches the library first', 'Answers politely', 'Cites each item by its key', 'Lists the years', 'Keeps it short'];
    const result = await runBehaviourEval(options({ cases: [refmanCase(behaviours)], judge: model(endpoint.url), baseline: false }));
    const scores = result.cases[0].runs[0].scores;
    expect(scores.map((s) => [s.state, s.judge])).toEqual([
      ['passed', 'llm'],
      ['errored', 'llm'],
      ['errored', 'llm'],
      ['failed', 'llm'],
      ['errored', 'llm'],
    ]);
    expect(scores[0].evidence).toBe('search_items');
    expect(scores[1].error?.code).toBe('E_JUDGE_ANSWER');
    expect(scores[1].reason).toMatch(/not JSON/);
    expect(scores[2].reason).toMatch(/evidence that is not in the transcript/);
    expect(scores[4].reason).toMatch(/pass/);
    expect(result.errored).toBe(3);
    // The judge saw the transcript, with the tool call spelled out.
    const judged = endpoint.requests.find((r) => r.method === 'POST')!.body as { messages: Array<{ content: string }> };
    expect(judged.messages[1].content).toContain('[assistant calls search_items]');
    expect(judged.messages[1].content).toContain('Expected behaviour: Searches the library first');
  });
});
