/**
 * `toolvet improve` on the refman fixtures with the mock model: the split, a rewording confirmed on
 * held-out queries (and its lint), a planted candidate that only helps train refused, and the CLI
 * writing the confirmed wording back.
 */
import { copyFileSync, readFileSync } from 'node:fs';
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

  it('applies a rewording only when the held-out A/B says improved, and the wording passes lint', async () => {
    const result = await improveDescriptions({ tools: tools(), cases, model: createMockModel(), seed: 8, iterations: 1 });
    expect(result.steps).toHaveLength(1);
    const [step] = result.steps;
    expect(step.heldOut.verdict).toBe('improved');
    expect(step.heldOut.interval.low).toBeGreaterThan(0);
    expect(step.heldOut.after.accuracy).toBeGreaterThan(step.heldOut.before.accuracy);
    expect(lintTools(result.tools).findings.filter((f) => f.severity === 'error' && f.target === step.tool)).toEqual([]);
    expect(result.tools.find((t) => t.name === step.tool)!.description).toBe(step.changes[0].new);
  });

  // The failed train requests quoted verbatim: the train split learns them by heart.
  const plant = (list: ToolDefinition[], target: string, failed: readonly CaseResult[]): Candidate[] => [
    { id: 'planted', summary: 'quotes the failed train requests', tools: list.map((t) => (t.name === target ? { ...t, description: `${t.description} Examples: ${failed.map((c) => `'${c.query}'`).join(', ')}.` } : t)) },
  ];

  it('refuses a planted candidate that only helps the train split: the held-out A/B refuses it', async () => {
    // Cross-fitting off, so the plant reaches the held-out A/B on its train score alone.
    const result = await improveDescriptions({ tools: tools(), cases, model: createMockModel(), seed: 1, iterations: 1, targets: ['search_items'], folds: 0, keep: 100, extraCandidates: plant });
    const planted = result.refused.find((r) => r.candidate === 'planted');
    expect(planted?.reason).toMatch(/^helped train \(train \d+\.\d% -> \d+\.\d%\) but not held-out: /);
    expect(result.steps.filter((s) => s.candidate === 'planted')).toEqual([]);
    expect(result.tools.find((t) => t.name === 'search_items')!.description).not.toContain('Examples:');
  });

  it('refuses the same plant before held-out when cross-fitted: built without a fold\'s requests, it does not help them', async () => {
    const result = await improveDescriptions({ tools: tools(), cases, model: createMockModel(), seed: 1, iterations: 1, targets: ['search_items'], extraCandidates: plant });
    expect(result.refused.find((r) => r.candidate === 'planted')?.reason).toMatch(/^helped train \(train (\d+\.\d%) -> \d+\.\d%\) but not the train requests it was not built from \(cross-fitted \1\)$/);
    expect(result.tools.find((t) => t.name === 'search_items')!.description).not.toContain('Examples:');
  });

  it('prints the split, the marked change and its evidence, and --write rewrites the tool file', async () => {
    const dir = tempDir('toolvet-improve-');
    const file = join(dir, 'refman.json');
    copyFileSync(fixture('tools/refman.json'), file);
    const run = await runCli(['improve', '--tools', file, '--queries', fixture('queries/refman.yaml'), '--queries', fixture('queries/refman-search.yaml'), '--seed', '8', '--iterations', '1', '--write', '--json', join(dir, 'improve.json')]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^split \(seed 8, 60% train, stratified by expected tool\): 26 train, 19 held-out/);
    expect(run.stdout).toMatch(/held-out: .* -> .*; paired change \+\d+\.\d points .*: improved/);
    expect(run.stdout).toMatch(/\{\+.+\+\}/);
    expect(run.stdout).toContain("refused (not applied):");
    expect(run.stdout).toMatch(/iteration 1, search_items, trigger-words: helped train/);
    const saved = (JSON.parse(readFileSync(join(dir, 'improve.json'), 'utf8')) as { improve: { steps: Array<{ tool: string; changes: Array<{ new: string }> }> } }).improve;
    const written = JSON.parse(readFileSync(file, 'utf8')) as ToolDefinition[];
    expect(written.find((t) => t.name === saved.steps[0].tool)!.description).toBe(saved.steps[0].changes[0].new);
  });

  it('runs the model-written path end to end against toolvet mock-server (the mock answers with its documented edit)', async () => {
    const server = await startMockServer({ port: 0, driver: createMockModel() });
    try {
      const dir = tempDir('toolvet-improve-');
      const run = await runCli(['improve', '--tools', fixture('tools/refman.json'), '--queries', fixture('queries/refman.yaml'), '--queries', fixture('queries/refman-search.yaml'), '--seed', '8', '--iterations', '1', '--base-url', server.url, '--model-name', 'toolvet-mock', '--json', join(dir, 'improve.json')]);
      expect(run.code, run.stderr).toBe(0);
      const result = (JSON.parse(readFileSync(join(dir, 'improve.json'), 'utf8')) as { improve: { steps: Array<{ candidate: string }>; refused: Array<{ candidate: string; summary: string; reason: string }> } }).improve;
      const written = [...result.steps, ...result.refused].filter((c) => c.candidate === 'model');
      expect(written.length).toBeGreaterThan(0);
      expect(result.refused.find((r) => r.candidate === 'model')?.summary ?? 'rewritten by openai').toMatch(/^rewritten by openai/);
    } finally {
      await server.close();
    }
  });

  it('the mock rewrites a description with the trigger words and the exclusion its prompt asks for', () => {
    const prompt = rewordPrompt({ tool: 'search_items', description: 'Search the library.', failed: ['What do I have by Hughes?'], siblings: ['get_item'] });
    expect(parseRewordPrompt(prompt)).toEqual({ tool: 'search_items', description: 'Search the library.', failed: ['What do I have by Hughes?'], siblings: ['get_item'] });
    expect(mockReword(parseRewordPrompt(prompt)!)).toBe('Search the library. Call it when the user mentions hughes. Do NOT use get_item for these requests (use search_items).');
  });
});
