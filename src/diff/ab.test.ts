/**
 * The A/B of descriptions against the refman fixture server (live, old side) and reworded tool files
 * (new side), with the mock model: a harmful rewording fails the gate, a harmless one passes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createModel } from '../models/index.ts';
import type { CaseResult, ModelDriver, ModelRequest, ModelResponse } from '../types.ts';
import { createOverlapModel } from '../bench/harness/overlap-model.ts';
import { runCli } from '../cli/testing.ts';
import { compareRuns, verdictOf } from './ab.ts';
import { runDiff } from './run-diff.ts';
import { tempDir } from '../testing/temp-dir.ts';

const fixtures = (p: string): string => fileURLToPath(new URL(`../../fixtures/${p}`, import.meta.url));
const refmanLive = `live:${fixtures('hosts/example.json')}`;
const queries = [fixtures('queries/refman.yaml')];

describe('A/B of descriptions (mock model)', () => {
  it('fails the gate for a rewording that moves the queries\' words into "Do NOT use for" clauses', async () => {
    const result = await runDiff({ old: refmanLive, servers: ['refman'], new: fixtures('tools/refman-v2-harmful.json'), queries, model: createModel({ kind: 'mock' }) });
    const [ab] = result.diff!.ab;
    expect(ab.verdict).toBe('regressed');
    expect(ab.interval.high).toBeLessThan(0);
    expect(ab.worse).toBeGreaterThanOrEqual(5);
    const flip = ab.flipped.find((f) => f.id === 'list-folders')!;
    expect(flip).toMatchObject({ direction: 'pass->fail', oldChoice: 'list_collections', expected: 'list_collections' });
    expect(flip.newChoice).not.toBe('list_collections');
    expect(result.verdict.status).toBe('fail');
    expect(result.verdict.reasons.join('\n')).toContain('A/B refman: selection regressed');
    // The schema changes alone (descriptions: retest) would not fail the default gate.
    expect(result.diff!.counts).toEqual({ breaking: 0, retest: 2, safe: 0 });
  });

  it('passes the gate for a rewording that keeps the words', async () => {
    const result = await runDiff({ old: refmanLive, servers: ['refman'], new: fixtures('tools/refman-v2-harmless.json'), queries, model: createModel({ kind: 'mock' }), repeat: 2 });
    const [ab] = result.diff!.ab;
    expect(ab).toMatchObject({ verdict: 'no detectable change', worse: 0, better: 0, flipped: [], queries: 35, repeat: 2 });
    expect(ab.interval.low).toBeGreaterThanOrEqual(-ab.margin);
    expect(result.verdict.status).toBe('pass');
  });

  it('does not pass silently when the budget runs out before a decision, unless the baseline accepts it', async () => {
    const dir = tempDir('toolvet-ab-');
    const few = join(dir, 'few.yaml');
    writeFileSync(few, readFileSync(queries[0], 'utf8').replace(/^servers: .*$/m, 'name: few'));
    // A stochastic model and a budget of the first look only: too little to rule out a 5-point drop.
    const run = (baseline?: string) => runDiff({ old: fixtures('tools/refman.json'), new: fixtures('tools/refman-v2-harmless.json'), queries: [few], model: createOverlapModel({ seed: 1 }), budget: 140, ...(baseline ? { baseline } : {}) });
    const result = await run();
    expect(result.diff!.ab[0]).toMatchObject({ queries: 35, verdict: 'not enough data', sequential: { calls: 140, stopped: 'budget', deterministic: false } });
    expect(result.verdict.status).toBe('fail');
    expect(result.verdict.reasons.join('\n')).toContain('few:ab-not-enough-data');
    const baseline = join(dir, 'baseline.yaml');
    writeFileSync(baseline, 'accepted:\n  - finding: "few:ab-not-enough-data"\n    reason: smoke set only\n    expires: "2099-12-31"\n');
    expect((await run(baseline)).verdict.status).toBe('pass');
  });

  it('counts a query by the majority of its repeats and leaves errored ones out', () => {
    const c = (id: string, states: Array<'passed' | 'failed' | 'errored'>, chosen: string): CaseResult => ({
      id,
      suite: 's',
      query: id,
      expected: { tool: 'a' },
      state: states.every((s) => s === 'passed') ? 'passed' : 'failed',
      pass: states.every((s) => s === 'passed'),
      chosen,
      reason: '',
      attempts: states.map((state) => ({ state, chosen, reason: '', latencyMs: 1 })),
      passRate: states.filter((s) => s === 'passed').length / states.length,
    });
    const cases = ['q1', 'q2', 'q3'].map((id) => ({ id, query: id, suite: 's', expect: { tool: 'a' } }));
    const before = [c('q1', ['passed', 'passed', 'failed'], 'a'), c('q2', ['passed', 'passed', 'passed'], 'a'), c('q3', ['passed', 'passed', 'passed'], 'a')];
    const after = [c('q1', ['passed', 'failed', 'failed'], 'b'), c('q2', ['passed', 'passed', 'failed'], 'a'), c('q3', ['errored', 'passed', 'passed'], 'a')];
    const ab = compareRuns({ name: 's', cases }, before, after, { model: 'm', repeat: 3, margin: 0.1 });
    expect(ab).toMatchObject({ queries: 2, excluded: 1, worse: 1, better: 0 });
    expect(ab.flipped).toEqual([expect.objectContaining({ id: 'q1', oldChoice: 'a', newChoice: 'b', oldPassRate: 2 / 3, newPassRate: 1 / 3 })]);
  });

  it('maps intervals to verdicts against -margin', () => {
    expect(verdictOf(0, { low: -1, high: 1 }, 0.1)).toBe('not enough data');
    expect(verdictOf(30, { low: -0.3, high: -0.11 }, 0.1)).toBe('regressed');
    expect(verdictOf(30, { low: -0.3, high: -0.01 }, 0.1)).toBe('not enough data'); // a drop, but maybe less than the margin
    expect(verdictOf(30, { low: 0.02, high: 0.3 }, 0.1)).toBe('improved');
    expect(verdictOf(30, { low: -0.08, high: 0.08 }, 0.1)).toBe('no detectable change');
    expect(verdictOf(30, { low: -0.09, high: -0.01 }, 0.1)).toBe('no detectable change'); // a drop smaller than the margin
    expect(verdictOf(30, { low: -0.25, high: 0.05 }, 0.1)).toBe('not enough data');
  });

  it('stops a deterministic model after the first look: its repeats add nothing, whatever --repeat asks', async () => {
    const result = await runDiff({ old: fixtures('tools/refman.json'), new: fixtures('tools/refman-v2-harmful.json'), queries, model: createModel({ kind: 'mock' }), repeat: 50 });
    const [ab] = result.diff!.ab;
    expect(ab.sequential).toMatchObject({ deterministic: true, stopped: 'deterministic', calls: 2 * 35 * 50, looks: 1 });
    expect(ab.interval.low).toBe(ab.interval.high); // exact on this query set: 50 repeats of the same answer are one answer
    expect(ab.verdict).toBe('regressed');
  });

  it('adds repeats to the uncertain queries of a stochastic model until it decides (a fixed seed)', async () => {
    const harmful = await runDiff({ old: fixtures('tools/refman.json'), new: fixtures('tools/refman-v2-harmful.json'), queries, model: createOverlapModel({ seed: 42 }) });
    const harmless = await runDiff({ old: fixtures('tools/refman.json'), new: fixtures('tools/refman-v2-harmless.json'), queries, model: createOverlapModel({ seed: 42 }) });
    for (const [result, verdict] of [[harmful, 'regressed'], [harmless, 'no detectable change']] as const) {
      const [ab] = result.diff!.ab;
      expect(ab.verdict).toBe(verdict);
      expect(ab.sequential).toMatchObject({ deterministic: false, stopped: 'decided' });
      expect(ab.sequential!.calls).toBeLessThanOrEqual(2000);
    }
    // The harmless rewording needs more than the first look to rule out a 5-point drop; the harmful one may not.
    expect(harmless.diff!.ab[0].sequential!.calls).toBeGreaterThan(140);
  });

  it('prints the power plan and stops with diff --plan, calling no model', async () => {
    const run = await runCli(['diff', fixtures('tools/refman.json'), fixtures('tools/refman-v2-harmful.json'), '--queries', queries[0], '--plan', '--budget', '1000', '--base-url', 'http://127.0.0.1:9/v1', '--model-name', 'never-called']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('A/B plan for refman: 35 queries on both sides, budget 1000 model calls, up to 4 looks');
    expect(run.stdout).toMatch(/the budget buys 14 repeats per query and side/);
    expect(run.stdout).toMatch(/detects a drop of \d+\.\d points with 80% power \(margin 5\.0 points/);
    expect(run.stdout).not.toContain('toolvet diff'); // nothing else: no diff, no A/B
  });

  it('reports model errors as an errored run, not as a verdict', async () => {
    const failing: ModelDriver = {
      id: 'down',
      complete: async (_request: ModelRequest): Promise<ModelResponse> => {
        throw new Error('connection refused');
      },
    };
    const result = await runDiff({ old: fixtures('tools/refman.json'), new: fixtures('tools/refman-v2-harmless.json'), queries, model: failing });
    expect(result.verdict.status).toBe('error');
    expect(result.errors[0].message).toContain('35 query(ies) errored');
    expect(result.diff!.ab[0].verdict).toBe('not enough data');
  });
});
