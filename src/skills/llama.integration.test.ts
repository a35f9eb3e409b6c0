/**
 * The skills evals against a real llama.cpp llama-server (../shared/llama, a tiny random-weight model).
 * Its choices are noise, so this checks plumbing: the server accepts the simulated host's `load_skill`
 * tool (a `oneOf` of `const` + `description`, which llama.cpp turns into a grammar), every attempt is
 * read as a skill, `(none)` or `(invalid)`, and the agent loop runs against the live refman server.
 * Skips, saying why, where the script or root is missing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadHostConfig } from '../config/host-config.ts';
import { createOpenAIModel } from '../models/openai.ts';
import { ServerPool } from '../servers/server-pool.ts';
import { LLAMA_MODEL, llamaSkipReason, sharedLlamaBaseUrl } from '../testing/llama.ts';
import type { ModelDriver } from '../types.ts';
import { runBehaviourEval } from './behaviour-eval.ts';
import { discoverSkills } from './discover.ts';
import { loadSkillEvals } from './evals-file.ts';
import { evalsFileOf } from './lint-skills.ts';
import { descriptionOf } from './skill-file.ts';
import { runTriggerEval } from './trigger-eval.ts';

const skipReason = llamaSkipReason();
if (skipReason) console.log(`[skills llama integration] skipped: ${skipReason}`);

describe.skipIf(skipReason !== undefined)('skills evals against a real llama.cpp server', () => {
  const discovery = discoverSkills([
    { dir: 'fixtures/skills/user', scope: 'user', explicit: true },
    { dir: 'fixtures/skills/project', scope: 'project', explicit: true },
  ]);
  const cases = discovery.skills.flatMap((s) => loadSkillEvals(evalsFileOf(s), s.name).cases);
  let model: ModelDriver;
  let pool: ServerPool | undefined;

  beforeAll(async () => {
    model = createOpenAIModel({ baseUrl: await sharedLlamaBaseUrl(), modelName: LLAMA_MODEL, maxRetries: 0, timeoutMs: 240_000 });
  }, 600_000);
  afterAll(async () => pool?.close());

  it('accepts the load_skill oneOf and reads every answer', async () => {
    const offered = discovery.skills.map((s) => ({ name: s.name, description: descriptionOf(s) }));
    const subset = cases.filter((_, i) => i % 5 === 0);
    const result = await runTriggerEval({ skills: offered, cases: subset, model, repeat: 1, concurrency: 1, temperature: 0, maxTokens: 48 });
    expect(result.cases.flatMap((c) => c.errors)).toEqual([]);
    const allowed = new Set([...offered.map((s) => s.name), '(none)', '(invalid)']);
    for (const c of result.cases) for (const l of c.loads) expect(allowed.has(l)).toBe(true);
    console.log(`[skills llama integration] loads: ${JSON.stringify(result.cases.map((c) => [c.id, c.loads[0]]))}`);
  }, 300_000);

  it('runs the agent loop against the live refman server', async () => {
    pool = await ServerPool.start(loadHostConfig('fixtures/hosts/example.json'), ['refman']);
    const skills = new Map(discovery.skills.map((s) => [s.name, s]));
    const one = cases.filter((c) => c.id === 'reference-manager/coral');
    const result = await runBehaviourEval({ skills, cases: one, model, pool, maxTurns: 3, baseline: false, temperature: 0, maxTokens: 48 });
    const run = result.cases[0].runs[0];
    expect(run.error).toBeUndefined();
    expect(['answer', 'max-turns']).toContain(run.stop);
    expect(run.transcript[0].role).toBe('system');
    for (const s of run.scores) expect(['passed', 'failed', 'errored', 'unscored']).toContain(s.state);
    console.log(`[skills llama integration] ${run.stop} after ${run.turns} turn(s), calls: ${run.toolCalls.map((c) => c.name).join(', ') || 'none'}`);
  }, 900_000);
});
