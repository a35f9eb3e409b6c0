/**
 * A calibrated judge in `toolvet skills eval`, as a user runs it: calibrate the rule-based judge
 * endpoint on a labels file, then judge the reference-manager skill's behaviours with it and the
 * calibration result; every LLM-judged behaviour shows the calibration beside it (console, JSON,
 * Markdown), and the judge's tokens and cost are their own, apart from the agent's.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/testing.ts';
import type { ToolvetResult } from '../report/model.ts';
import { tempDir } from '../testing/temp-dir.ts';
import { useRuleJudge } from '../testing/rule-judge.ts';

const dir = tempDir('toolvet-skills-judge-');
const judgeUrl = useRuleJudge();

const SKILLS = ['fixtures/skills/project', '--user-dir', 'fixtures/skills/user', '--skill', 'reference-manager', '--no-trigger', '--no-baseline'];
const judgeFlags = (): string[] => ['--config', 'fixtures/hosts/example.json', '--server', 'refman', '--judge-base-url', judgeUrl(), '--judge-model-name', 'rule-judge'];
const expectation = "The answer confirms that 'buy oat milk' was added.";

describe('skills eval with a calibrated judge', () => {
  it('shows agreement, kappa and false pass rate beside every judged behaviour, and the judge cost apart', async () => {
    // 4 labels the rule judge gets right and 1 it passes wrongly: agreement 4/5, false pass 1/2.
    // Judge pass/human pass 3, judge pass/human fail 1, both fail 1: po 0.8, pe 0.8*0.6 + 0.2*0.4 = 0.56, kappa 0.24/0.44.
    const labels = join(dir, 'labels.json');
    writeFileSync(
      labels,
      JSON.stringify({
        cases: [
          { id: 'a', expectation, answer: "Added 'buy oat milk'.", human: 'pass' },
          { id: 'b', expectation, answer: 'Buy oat milk is on your list.', human: 'pass' },
          { id: 'c', expectation, answer: 'Done: buy oat milk.', human: 'pass' },
          { id: 'd', expectation, answer: 'I will add buy oat milk later.', human: 'fail' },
          { id: 'e', expectation, answer: 'Added buy soy milk.', human: 'fail' },
        ],
      }),
    );
    const calibration = join(dir, 'calibration.json');
    const calibrate = await runCli(['judge', 'calibrate', '--labels', labels, '--judge-base-url', judgeUrl(), '--judge-model-name', 'rule-judge', '--json', calibration], { timeoutMs: 120_000 });
    expect(calibrate.code).toBe(0);

    const prices = join(dir, 'prices.json');
    writeFileSync(prices, JSON.stringify({ 'rule-judge': { input: 2, output: 8 } }));
    const out = join(dir, 'result.json');
    const run = await runCli(['skills', 'eval', ...SKILLS, ...judgeFlags(), '--judge-calibration', calibration, '--prices', prices, '--json', out], { timeoutMs: 180_000 });
    const result = JSON.parse(readFileSync(out, 'utf8')) as ToolvetResult;
    const behaviour = result.skills!.behaviour!;
    const judged = behaviour.cases.flatMap((c) => c.runs.flatMap((r) => r.scores)).filter((s) => s.judge === 'llm');
    expect(judged.length).toBeGreaterThan(0);
    expect(behaviour.judgeCalibration).toMatchObject({ file: calibration, labels, judged: 5, judgeErrors: 0, agreement: { successes: 4, trials: 5 }, falsePassRate: { successes: 1, trials: 2 } });
    expect(behaviour.judgeCalibration!.kappa.value).toBeCloseTo(0.24 / 0.44, 12);
    // The judge's own tokens: one call per LLM-judged behaviour, 100 + 10 tokens each, priced at $2 / $8.
    expect(behaviour.judgeCost).toMatchObject({ calls: judged.length, promptTokens: 100 * judged.length, completionTokens: 10 * judged.length, priceKey: 'rule-judge' });
    expect(behaviour.judgeCost!.cost).toBeCloseTo((judged.length * (100 * 2 + 10 * 8)) / 1e6, 12);
    expect(judged.every((s) => s.judgeUsage?.calls === 1)).toBe(true);
    // Console: the tag in the "judged by" column, and the calibration and cost lines.
    expect(run.stdout).toContain('llm, kappa 0.55');
    expect(run.stdout).toContain('judge calibration: agreement 80.0% (4/5; 95% Wilson');
    expect(run.stdout).toContain("false pass rate 50.0% (1/2; 95% Wilson");
    expect(run.stdout).toContain(`judge cost (apart from any agent's): ${judged.length} call(s)`);
    // Markdown, rendered again from the saved result.
    const md = await runCli(['report', out, '--format', 'markdown'], { timeoutMs: 120_000 });
    expect(md.stdout).toContain('judge calibration: agreement 80.0%');
    expect(md.stdout).toContain('llm, kappa 0.55');
    const html = await runCli(['report', out, '--format', 'html'], { timeoutMs: 120_000 });
    expect(html.stdout).toContain('judge calibration: agreement 80.0%');
    expect(html.stdout).toContain('<td>llm, kappa 0.55</td>');
  }, 300_000);

  it('without --judge-calibration every judged behaviour says "uncalibrated"', async () => {
    const out = join(dir, 'uncalibrated.json');
    const run = await runCli(['skills', 'eval', ...SKILLS, ...judgeFlags(), '--json', out], { timeoutMs: 180_000 });
    const behaviour = (JSON.parse(readFileSync(out, 'utf8')) as ToolvetResult).skills!.behaviour!;
    expect(behaviour.judgeCalibration).toBeUndefined();
    expect(behaviour.judgeCost?.cost).toBeNull();
    expect(run.stdout).toContain('llm, uncalibrated');
    expect(run.stdout).toContain('judge uncalibrated (no --judge-calibration)');
  }, 300_000);

  it('a calibration file that is not a calibration result stops the run (exit 3), naming it', async () => {
    const bad = join(dir, 'not-a-calibration.json');
    writeFileSync(bad, JSON.stringify({ kind: 'something-else' }));
    const run = await runCli(['skills', 'eval', ...SKILLS, ...judgeFlags(), '--judge-calibration', bad], { timeoutMs: 120_000 });
    expect(run.code).toBe(3);
    expect(run.stderr).toContain(`judge calibration result ${bad}`);
  }, 180_000);
});
