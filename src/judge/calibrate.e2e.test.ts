/**
 * `toolvet judge calibrate` run as a user runs it, against a deterministic judge on 127.0.0.1
 * (fixtures/judge/rule-judge.mjs: it judges by a rule, so it disagrees with the humans on cases counted
 * here by hand), on a labels file written by the test and on the shipped one.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture, runCli } from '../cli/testing.ts';
import { tempDir } from '../testing/temp-dir.ts';
import { useRuleJudge } from '../testing/rule-judge.ts';
import type { CalibrationResult } from './calibrate.ts';

const dir = tempDir('toolvet-calibrate-');
const judgeUrl = useRuleJudge();

const expectation = "The answer confirms that 'buy oat milk' was added.";
/** Each case with the rule judge's verdict, worked out from the rule (see rule-judge.mjs). */
const cases = [
  { id: 'c1', answer: "Added 'buy oat milk'.", human: 'pass' }, // term present: judge pass
  { id: 'c2', answer: 'Your list now has buy oat milk.', human: 'pass' }, // judge pass
  { id: 'c3', answer: 'Done, buy oat milk is on the list.', human: 'pass' }, // judge pass
  { id: 'c4', answer: 'Added buy oat milk and pick up the dry cleaning.', human: 'fail' }, // judge pass: a false pass
  { id: 'c5', answer: 'I will add buy oat milk tomorrow.', human: 'fail' }, // judge pass: a false pass
  { id: 'c6', answer: 'Added buy oat milk; I cannot set a due date.', human: 'pass' }, // "cannot": judge fail
  { id: 'c7', answer: 'Added buy soy milk.', human: 'fail' }, // term missing: judge fail
  { id: 'c8', answer: 'Sorry, no.', human: 'fail' }, // refusal: judge fail
  { id: 'c9', answer: '', human: 'fail' }, // empty: judge fail
  { id: 'c10', answer: 'Added buy oat milk. [ghost-quote]', human: 'pass' }, // quotes a sentence not in the answer: judge error
];

function labelsFile(name: string, body: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(body, null, 2));
  return file;
}

const judgeFlags = (): string[] => ['--judge-base-url', judgeUrl(), '--judge-model-name', 'rule-judge'];

describe('toolvet judge calibrate against a rule-based judge endpoint', () => {
  it('agreement, kappa, false pass rate and judge errors match the hand count; judge cost is its own', async () => {
    const labels = labelsFile('labels.json', { cases: cases.map((c) => ({ ...c, expectation })) });
    const prices = join(dir, 'prices.json');
    writeFileSync(prices, JSON.stringify({ 'rule-judge': { input: 3, output: 15 } }));
    const out = join(dir, 'calibration.json');
    const run = await runCli(['judge', 'calibrate', '--labels', labels, ...judgeFlags(), '--prices', prices, '--json', out], { timeoutMs: 120_000 });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const result = JSON.parse(readFileSync(out, 'utf8')) as CalibrationResult;
    // By hand: judged 9 (c10 is a judge error); both pass c1-c3, judge pass/human fail c4 c5,
    // judge fail/human pass c6, both fail c7-c9.
    expect(result.stats.table).toEqual({ bothPass: 3, judgePassHumanFail: 2, judgeFailHumanPass: 1, bothFail: 3 });
    expect(result.total).toBe(10);
    expect(result.judgeErrors).toBe(1);
    expect(result.stats.agreement).toMatchObject({ successes: 6, trials: 9 });
    // po = 6/9 = 54/81; judge pass 5/9, human pass 4/9: pe = 2 * (5/9)(4/9) = 40/81; kappa = 14/41.
    expect(result.stats.kappa.value).toBeCloseTo(14 / 41, 12);
    expect(result.stats.falsePassRate).toMatchObject({ successes: 2, trials: 5, value: 0.4 });
    const ghost = result.cases.find((c) => c.id === 'c10')!;
    expect(ghost).toMatchObject({ judge: 'error', agrees: null, error: { code: 'E_JUDGE_ANSWER' } });
    expect(ghost.reason).toMatch(/evidence that is not in the answer: "The list now holds seventeen items\."/);
    // Judge tokens are counted apart: 10 calls of 100 + 10 tokens, priced at $3 / $15 per million.
    expect(result.judgeCost).toMatchObject({ calls: 10, promptTokens: 1000, completionTokens: 100, priceKey: 'rule-judge' });
    expect(result.judgeCost.cost).toBeCloseTo((1000 * 3 + 100 * 15) / 1e6, 12);
    // The console report says the same, with the intervals named.
    expect(run.stdout).toContain('judged 9, judge errors 1');
    expect(run.stdout).toContain('agreement: 66.7% (6/9; 95% Wilson');
    expect(run.stdout).toContain("Cohen's kappa: 0.34 (95% asymptotic");
    expect(run.stdout).toContain('false pass rate: 40.0% (2/5; 95% Wilson');
    expect(run.stdout).toMatch(/c10: E_JUDGE_ANSWER: the judge passed it with evidence that is not in the answer/);
    expect(run.stdout).toContain('judge cost (apart from any agent\'s): 10 call(s), 1000 prompt + 100 completion tokens');
  }, 180_000);

  it('Markdown and JSON formats carry the same figures', async () => {
    const labels = labelsFile('labels-md.json', { cases: cases.slice(0, 9).map((c) => ({ ...c, expectation })) });
    const md = await runCli(['judge', 'calibrate', '--labels', labels, ...judgeFlags(), '--format', 'markdown'], { timeoutMs: 120_000 });
    expect(md.code).toBe(0);
    expect(md.stdout).toContain('## Judge calibration: openai:rule-judge@');
    expect(md.stdout).toContain('| judge pass | 3 | 2 |');
    expect(md.stdout).toContain("| Cohen's kappa | 0.34 (95% asymptotic");
    const json = await runCli(['judge', 'calibrate', '--labels', labels, ...judgeFlags(), '--format', 'json'], { timeoutMs: 120_000 });
    expect((JSON.parse(json.stdout) as CalibrationResult).stats.agreement).toMatchObject({ successes: 6, trials: 9 });
  }, 180_000);

  it('the shipped labels file (40+ hand-labelled answers) yields agreement and kappa', async () => {
    const out = join(dir, 'shipped.json');
    const run = await runCli(['judge', 'calibrate', '--labels', fixture('judge/example-answers.yaml'), ...judgeFlags(), '--json', out], { timeoutMs: 120_000 });
    expect(run.code).toBe(0);
    const result = JSON.parse(readFileSync(out, 'utf8')) as CalibrationResult;
    expect(result.total).toBeGreaterThanOrEqual(40);
    expect(result.judgeErrors).toBe(0);
    expect(result.stats.agreement.trials).toBe(result.total);
    expect(typeof result.stats.agreement.value).toBe('number');
    expect(typeof result.stats.kappa.value).toBe('number');
    expect(result.stats.kappa.interval).not.toBeNull();
    expect(run.stdout).toMatch(/agreement: \d+\.\d% \(\d+\/\d+; 95% Wilson/);
    expect(run.stdout).toMatch(/Cohen's kappa: -?\d\.\d\d \(95% asymptotic/);
  }, 180_000);

  it('a bad labels file names the file, the case and the field (exit 3), before any judge call', async () => {
    const labels = labelsFile('bad.json', { cases: [{ id: 'ok', expectation, answer: 'x', human: 'pass' }, { id: 'typo', expectation, answer: 'x', human: 'yes' }] });
    const run = await runCli(['judge', 'calibrate', '--labels', labels, ...judgeFlags()], { timeoutMs: 120_000 });
    expect(run.code).toBe(3);
    expect(run.stderr).toContain(`judge labels file ${labels}: case "typo", field human ($.cases[1].human): must be one of ["pass","fail"]`);
    const dup = labelsFile('dup.json', { cases: [{ id: 'a', expectation, answer: 'x', human: 'pass' }, { id: 'a', expectation, answer: 'y', human: 'fail' }] });
    const dupRun = await runCli(['judge', 'calibrate', '--labels', dup, ...judgeFlags()], { timeoutMs: 120_000 });
    expect(dupRun.code).toBe(3);
    expect(dupRun.stderr).toContain('case "a" ($.cases[1].id) repeats the id of $.cases[0]');
    const noJudge = await runCli(['judge', 'calibrate', '--labels', labels], { timeoutMs: 120_000 });
    expect(noJudge.code).not.toBe(0);
    expect(noJudge.stderr).toContain('judge calibrate needs --judge-base-url');
  }, 180_000);
});
