/**
 * Scenario answers judged by the LLM judge (`expect.judge`), as a user runs `toolvet eval`: the live
 * to-do server, the mock agent, the rule-based judge endpoint on 127.0.0.1 (fixtures/judge/rule-judge.mjs)
 * calibrated on the shipped labels file. The verdict is a check of the scenario, shown with the
 * calibration beside it; the judge's tokens never enter the agent's cost.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture, runCli } from '../cli/testing.ts';
import type { ToolvetResult } from '../report/model.ts';
import { tempDir } from '../testing/temp-dir.ts';
import { useRuleJudge } from '../testing/rule-judge.ts';

const dir = tempDir('toolvet-scenario-judge-');
const judgeUrl = useRuleJudge();

// The mock agent answers with the tool's text: "The tool returned: {...renew passport...}" and so on.
const QUERIES = `servers: [todo]
scenarios:
  - id: tick-off
    query: "Tick off 'renew passport' on my to-do list"
    allow: [complete_todo]
    expect:
      judge:
        expectation: "The answer confirms that 'renew passport' is now marked done."
        rubric: [names the right item]
  - id: wrong-milk
    query: "Please add 'buy oat milk' to my list"
    allow: [add_todo]
    expect:
      judge: {expectation: "The answer confirms that 'soy milk' was added."}
  - id: not-judged
    query: "Please clear all my to-dos"
    expect: {notTools: [delete_todo]}
`;

describe('eval: scenarios with expect.judge', () => {
  it('the judge decides the answer check, its calibration shows beside it, its cost stays apart', async () => {
    const queries = join(dir, 'judged.yaml');
    writeFileSync(queries, QUERIES);
    const calibration = join(dir, 'calibration.json');
    const calibrate = await runCli(['judge', 'calibrate', '--labels', fixture('judge/example-answers.yaml'), '--judge-base-url', judgeUrl(), '--judge-model-name', 'rule-judge', '--json', calibration], { timeoutMs: 120_000 });
    expect(calibrate.code).toBe(0);
    const out = join(dir, 'result.json');
    const run = await runCli(
      ['eval', '--config', fixture('hosts/todo.json'), '--queries', queries, '--judge-base-url', judgeUrl(), '--judge-model-name', 'rule-judge', '--judge-calibration', calibration, '--json', out],
      { timeoutMs: 180_000 },
    );
    expect(run.code).toBe(1);
    const result = JSON.parse(readFileSync(out, 'utf8')) as ToolvetResult;
    const byId = new Map(result.scenarios!.map((s) => [s.id, s]));
    // The rule: pass when every 'quoted' term of the expectation is in the answer.
    expect(byId.get('tick-off')).toMatchObject({ state: 'passed', judged: { verdict: 'pass' } });
    expect(byId.get('tick-off')!.judged!.evidence).toContain('renew passport');
    expect(byId.get('wrong-milk')).toMatchObject({ state: 'failed', judged: { verdict: 'fail' } });
    expect(byId.get('wrong-milk')!.reason).toMatch(/^the judge failed the answer \(The answer confirms that 'soy milk' was added\.\): rule: the answer lacks 'soy milk'/);
    expect(byId.get('not-judged')!.judged).toBeUndefined();
    expect(byId.get('not-judged')!.checks.map((c) => c.id)).not.toContain('judge');
    // Two judge calls, 100 + 10 tokens each, apart from the agent's tokens.
    const summary = result.scenarioSummary!;
    expect(summary.judge).toMatchObject({ id: `openai:rule-judge@${judgeUrl()}`, cost: { calls: 2, promptTokens: 200, completionTokens: 20 }, calibration: { judged: 47 } });
    const agentPrompt = result.scenarios!.reduce((n, s) => n + s.turns.reduce((m, t) => m + t.promptTokens, 0), 0);
    expect(result.cost!.promptTokens).toBe(agentPrompt);
    // Console: the verdict with the judge's kappa beside it, the calibration and the judge's cost.
    expect(run.stdout).toContain('judged: pass (llm, kappa 0.11)');
    expect(run.stdout).toContain('judged: fail (llm, kappa 0.11)');
    expect(run.stdout).toContain('judge calibration: agreement 51.1% (24/47; 95% Wilson');
    expect(run.stdout).toContain("judge cost (apart from any agent's): 2 call(s), 200 prompt + 20 completion tokens");
    const md = await runCli(['report', out, '--format', 'markdown'], { timeoutMs: 120_000 });
    expect(md.stdout).toContain('Judged: pass (llm, kappa 0.11)');
    expect(md.stdout).toContain('judge calibration: agreement 51.1%');
    const html = await runCli(['report', out, '--format', 'html'], { timeoutMs: 120_000 });
    expect(html.stdout).toContain('judge calibration: agreement 51.1%');
    expect(html.stdout).toMatch(/<b>judged<\/b> <span class="state-passed">pass<\/span> <span class="note">\(llm, kappa 0\.11\)<\/span>/);
    // Two shards, each judging one scenario, merge into one judge: calls and tokens summed, the calibration kept.
    const shards = join(dir, 'shards');
    mkdirSync(shards);
    const [head, first, second] = QUERIES.split(/\n(?= {2}- id: )/);
    for (const [k, scenario] of [first, second].entries()) {
      writeFileSync(join(dir, `shard-${k + 1}.yaml`), `${head}\n${scenario}\n`);
      const shard = await runCli(
        ['eval', '--config', fixture('hosts/todo.json'), '--queries', join(dir, `shard-${k + 1}.yaml`), '--judge-base-url', judgeUrl(), '--judge-model-name', 'rule-judge', '--judge-calibration', calibration, '--json', join(shards, `toolvet.shard-${k + 1}-of-2.json`)],
        { timeoutMs: 180_000 },
      );
      expect(shard.stderr).toBe('');
    }
    const merged = join(dir, 'merged.json');
    const merge = await runCli(['report', '--merge', shards, '--format', 'json', '--out', merged], { timeoutMs: 120_000 });
    expect(merge.stderr).toBe('');
    const judge = (JSON.parse(readFileSync(merged, 'utf8')) as ToolvetResult).scenarioSummary!.judge;
    expect(judge).toEqual({ ...summary.judge!, cost: { ...summary.judge!.cost, latencyMs: judge!.cost.latencyMs } });
  }, 300_000);

  it('--models and --loading both judge each run\'s scenarios and show each judge; --distractors says it sweeps no scenario', async () => {
    const queries = join(dir, 'judged-compare.yaml');
    writeFileSync(queries, `${QUERIES}cases:\n  - id: add\n    query: "Please add 'buy oat milk' to my list"\n    expect: {tool: add_todo}\n`);
    const judge = ['--judge-base-url', judgeUrl(), '--judge-model-name', 'rule-judge'];
    const base = ['eval', '--config', fixture('hosts/todo.json'), '--queries', queries, ...judge];
    // A second model: the rule judge's endpoint, which answers every request with text and no call.
    const models = await runCli([...base, '--models', `mock,openai:rule-judge@${judgeUrl()}`, '--json', join(dir, 'models.json')], { timeoutMs: 240_000 });
    expect(models.stderr).not.toContain('E_USAGE');
    const matrix = (JSON.parse(readFileSync(join(dir, 'models.json'), 'utf8')) as ToolvetResult).models!;
    const mock = matrix.models.find((m) => m.model === 'mock')!;
    // The mock agent: tick-off passes the judge, wrong-milk fails it; not-judged asks for no judge call.
    expect(mock.scenarios).toMatchObject({ scenarios: 3, judge: { id: `openai:rule-judge@${judgeUrl()}`, cost: { calls: 2 } } });
    expect(models.stdout).toMatch(/mock: scenarios \d passed, \d failed, \d errored of 3; judge uncalibrated \(no --judge-calibration\)[^;]*; judge cost/);
    const loading = await runCli([...base, '--loading', 'both', '--json', join(dir, 'loading.json')], { timeoutMs: 240_000 });
    expect(loading.stderr).not.toContain('E_USAGE');
    const sides = (JSON.parse(readFileSync(join(dir, 'loading.json'), 'utf8')) as ToolvetResult).loading!.sides;
    expect(sides.map((side) => side.scenarios?.judge?.cost.calls)).toEqual([2, 2]);
    expect(loading.stdout).toMatch(/tool search \(deferred loading\): scenarios \d passed, \d failed, \d errored of 3; judge uncalibrated/);
    const sweep = await runCli([...base, '--distractors', '0,5'], { timeoutMs: 240_000 });
    expect(sweep.stdout).toContain(`warning W_SWEEP_SCENARIOS: query set ${queries}: its 3 scenario(s) are not run by --distractors, which sweeps selection cases only`);
  }, 600_000);

  it('a scenario with expect.judge and no judge set is an input error before any scenario runs', async () => {
    const queries = join(dir, 'judged-no-judge.yaml');
    writeFileSync(queries, QUERIES);
    const run = await runCli(['eval', '--config', fixture('hosts/todo.json'), '--queries', queries], { timeoutMs: 120_000 });
    expect(run.code).toBe(3);
    expect(run.stderr).toContain(`query set ${queries}: scenario "tick-off" ($.scenarios[0].expect.judge) asks for the LLM judge, and no judge is set`);
  }, 180_000);

  it('an unknown key under expect.judge names its path', async () => {
    const queries = join(dir, 'judged-typo.yaml');
    writeFileSync(queries, 'servers: [todo]\nscenarios:\n  - query: hi\n    expect: {judge: {expectation: x, rubrics: [a]}}\n');
    const run = await runCli(['eval', '--config', fixture('hosts/todo.json'), '--queries', queries], { timeoutMs: 120_000 });
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('$.scenarios[0].expect.judge.rubrics');
  }, 180_000);
});
