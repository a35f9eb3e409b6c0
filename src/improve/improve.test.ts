/**
 * `toolvet improve` with the mock model: the split; on refman nothing is accepted whose held-out
 * interval includes zero; on the expenses set a rewording is proved (and lints clean); a planted
 * candidate quoting the train requests refused for the words it copies; the CLI output.
 */
import { copyFileSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, fixture } from '../cli/testing.ts';
import { loadQuerySet } from '../config/query-set.ts';
import { lintTools } from '../lint/lint-tools.ts';
import { createMockModel } from '../models/mock.ts';
import type { CaseResult, ToolDefinition } from '../types.ts';
import type { Candidate } from './candidates.ts';
import { improveDescriptions } from './improve.ts';
import { startMockServer } from '../models/mock-server.ts';
import { mockReword, parseRewordPrompt, rewordPrompt } from '../models/mock-reword.ts';
import { splitCases } from './split.ts';
import { tempDir } from '../testing/temp-dir.ts';

const tools = (): ToolDefinition[] => JSON.parse(readFileSync(fixture('tools/refman.json'), 'utf8')) as ToolDefinition[];
// refman.yaml and the ten more search requests of refman-search.yaml.
const cases = [...loadQuerySet(fixture('queries/refman.yaml')).cases, ...loadQuerySet(fixture('queries/refman-search.yaml')).cases];

describe('toolvet improve', () => {
  it('splits 60/40 by expected tool, the same way for the same seed', () => {
    const a = splitCases(cases, 8);
    expect(a.train.length + a.heldOut.length).toBe(cases.length);
    expect(splitCases(cases, 8).heldOut.map((c) => c.id)).toEqual(a.heldOut.map((c) => c.id));
    expect(splitCases(cases, 9).heldOut.map((c) => c.id)).not.toEqual(a.heldOut.map((c) => c.id));
    const searches = cases.filter((c) => c.expect.tool === 'search_items').length;
    expect(a.train.filter((c) => c.expect.tool === 'search_items').length).toBe(Math.round(searches * 0.6));
  });

  it('refman: accepts nothing whose held-out interval includes zero, and every refusal names its rule and reason', async () => {
    const result = await improveDescriptions({ tools: tools(), cases, model: createMockModel(), seed: 2, iterations: 1, targets: ['search_items'] });
    for (const step of result.steps) expect(step.heldOut.interval.low).toBeGreaterThan(0);
    // `vocabulary` gains 2 of 19 held-out queries: the old A/B's zero-width interval called that
    // "improved"; taken as a sample of users' queries, the gain does not exclude zero.
    const vocabulary = result.refused.find((r) => r.candidate === 'vocabulary')!;
    expect(vocabulary.rule).toBe('interval-includes-zero');
    expect(vocabulary.heldOut!.difference).toBeGreaterThan(0);
    expect(vocabulary.heldOut!.interval.low).toBeLessThanOrEqual(0);
    expect(vocabulary.reason).toMatch(/^helped train \(train 53\.8% -> 61\.5%\) but held-out interval includes zero \(\+10\.5 points, Newcombe 95% -7\.7 points to \+29\.3 points over 19 held-out queries, each counted once\): no change is not excluded$/);
    expect(result.steps).toEqual([]);
    expect(result.tools).toEqual(tools());
    for (const r of result.refused) {
      expect(r.rule).toMatch(/^[a-z-]+$/);
      expect(r.reason.length).toBeGreaterThan(10);
      // Every candidate past lint and the word rule carries its held-out interval.
      if (r.rule !== 'lint-error' && r.rule !== 'forbidden-words') expect(r.heldOut?.interval).toBeDefined();
    }
    expect(result.power).toMatchObject({ queries: 19, smallestGain: { units: 4 }, failing: 5, argumentFailures: 0, tooSmall: false });
  }, 180_000);

  it('accepts a rewording the held-out queries prove: its interval excludes zero and its own cases do not get worse', async () => {
    const list = JSON.parse(readFileSync(fixture('tools/expenses.json'), 'utf8')) as ToolDefinition[];
    const result = await improveDescriptions({ tools: list, cases: loadQuerySet(fixture('queries/expenses.yaml')).cases, model: createMockModel(), fraction: 0.5, iterations: 1 });
    expect(result.steps.length).toBe(1);
    const [step] = result.steps;
    expect(step.tool).toBe('file_expense');
    expect(step.heldOut.interval.low).toBeGreaterThan(0);
    expect(step.heldOut.counted).toMatchObject({ unit: 'query', queries: 20, units: 20 });
    expect(step.heldOut.ownRegressed).toEqual([]);
    expect(step.toolHeldOut.worse).toBe(0);
    expect(step.toolHeldOut.better).toBeGreaterThan(0);
    expect(lintTools(result.tools).findings.filter((f) => f.severity === 'error' && f.target === step.tool)).toEqual([]);
    expect(result.tools.find((t) => t.name === step.tool)!.description).toBe(step.changes[0].new);
  }, 180_000);

  // The failed train requests quoted verbatim: the train split learns them by heart.
  const plant = (list: ToolDefinition[], target: string, failed: readonly CaseResult[]): Candidate[] => [
    { id: 'planted', summary: 'quotes the failed train requests', tools: list.map((t) => (t.name === target ? { ...t, description: `${t.description} Examples: ${failed.map((c) => `'${c.query}'`).join(', ')}.` } : t)) },
  ];

  it('refuses a planted candidate that quotes the failed train requests: it copies names and other tools\' words', async () => {
    const result = await improveDescriptions({ tools: tools(), cases, model: createMockModel(), seed: 1, iterations: 1, targets: ['search_items'], folds: 0, keep: 100, extraCandidates: plant });
    const planted = result.refused.find((r) => r.candidate === 'planted')!;
    expect(planted.rule).toBe('forbidden-words');
    expect(planted.reason).toMatch(/^adds words it does not own: search_items: "[a-z]+" \((description of|train request of|name in train request) [\w-]+\)/);
    expect(planted.reason).toMatch(/\(name in train request [\w-]+\)/);
    expect(planted.heldOut).toBeUndefined();
    expect(result.tools.find((t) => t.name === 'search_items')!.description).not.toContain('Examples:');
  }, 180_000);

  it('prints the split, what the held-out set can prove, the marked change and its evidence, and --write rewrites the tool file', async () => {
    const dir = tempDir('toolvet-improve-');
    try {
      const file = join(dir, 'expenses.json');
      copyFileSync(fixture('tools/expenses.json'), file);
      const run = await runCli(['improve', '--tools', file, '--queries', fixture('queries/expenses.yaml'), '--split', '0.5', '--iterations', '1', '--write', '--json', join(dir, 'improve.json')], { timeoutMs: 120_000 });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/^split \(seed 1, 50% train, stratified by expected tool\): 20 train, 20 held-out/);
      expect(run.stdout).toContain('  counted: each held-out query counts once (the model is not declared stochastic; --stochastic K declares it)\n');
      expect(run.stdout).toMatch(/a rewording must turn at least 4 of the 20 counted queries from fail to pass with none going the other way \(\+20\.0 points\) before its interval can exclude zero; 10 fail now, 0 of them on arguments/);
      expect(run.stdout).toMatch(/ held-out: .* -> .*; \+\d+\.\d points, Newcombe 95% \+\d+\.\d points to \+\d+\.\d points over 20 held-out queries, each counted once: excludes zero/);
      expect(run.stdout).toMatch(/\{\+.+\+\}/);
      expect(run.stdout).toContain('refused (not applied):');
      expect(run.stdout).toMatch(/iteration 1, file_expense, exclusions: no-train-gain: no gain on the train split \[held-out \+0\.0 points, Newcombe 95% /);
      const saved = (JSON.parse(readFileSync(join(dir, 'improve.json'), 'utf8')) as { improve: { steps: Array<{ tool: string; changes: Array<{ new: string }> }> } }).improve;
      const written = JSON.parse(readFileSync(file, 'utf8')) as ToolDefinition[];
      expect(written.find((t) => t.name === saved.steps[0].tool)!.description).toBe(saved.steps[0].changes[0].new);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);

  it('runs the model-written path end to end against toolvet mock-server (the mock answers with its documented edit)', async () => {
    const server = await startMockServer({ port: 0, driver: createMockModel() });
    try {
      const dir = tempDir('toolvet-improve-');
      const run = await runCli(['improve', '--tools', fixture('tools/refman.json'), '--queries', fixture('queries/refman.yaml'), '--queries', fixture('queries/refman-search.yaml'), '--seed', '8', '--iterations', '1', '--base-url', server.url, '--model-name', 'toolvet-mock', '--json', join(dir, 'improve.json')], { timeoutMs: 300_000 });
      expect(run.code, run.stderr).toBe(0);
      const result = (JSON.parse(readFileSync(join(dir, 'improve.json'), 'utf8')) as { improve: { steps: Array<{ candidate: string }>; refused: Array<{ candidate: string; summary: string; reason: string }> } }).improve;
      const written = [...result.steps, ...result.refused].filter((c) => c.candidate === 'model');
      expect(written.length).toBeGreaterThan(0);
      expect(result.refused.find((r) => r.candidate === 'model')?.summary ?? 'rewritten by openai').toMatch(/^rewritten by openai/);
    } finally {
      await server.close();
    }
  }, 320_000);

  it('the mock rewrites a description with the trigger words and the exclusion its prompt asks for', () => {
    const prompt = rewordPrompt({ tool: 'search_items', description: 'Search the library.', failed: ['What do I have by Hughes?'], siblings: ['get_item'] });
    expect(parseRewordPrompt(prompt)).toEqual({ tool: 'search_items', description: 'Search the library.', failed: ['What do I have by Hughes?'], siblings: ['get_item'] });
    expect(mockReword(parseRewordPrompt(prompt)!)).toBe('Search the library. Call it when the user mentions hughes. Do NOT use get_item for these requests (use search_items).');
  });
});
