/**
 * The A/B of descriptions against the refman fixture server (live, old side) and reworded tool files
 * (new side), with the mock model: a harmful rewording fails the gate, a harmless one passes.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createModel } from '../models/index.ts';
import type { CaseResult, ModelDriver, ModelRequest, ModelResponse } from '../types.ts';
import { compareRuns, verdictOf } from './ab.ts';
import { runDiff } from './run-diff.ts';

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

  it('does not pass silently when there is not enough data, unless the baseline accepts it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolproof-ab-'));
    const few = join(dir, 'few.yaml');
    const all = readFileSync(queries[0], 'utf8').split('\n');
    // The first five cases only: too few queries to rule out a 10-point drop.
    const cut = all.findIndex((line, i) => i > 0 && line.startsWith('  - id:') && all.slice(0, i).filter((l) => l.startsWith('  - id:')).length === 5);
    writeFileSync(few, `${all.slice(0, cut).join('\n')}\n`);
    const run = (baseline?: string) => runDiff({ old: fixtures('tools/refman.json'), new: fixtures('tools/refman-v2-harmless.json'), queries: [few], model: createModel({ kind: 'mock' }), ...(baseline ? { baseline } : {}) });
    const result = await run();
    expect(result.diff!.ab[0]).toMatchObject({ queries: 5, verdict: 'not enough data' });
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

  it('maps intervals to verdicts', () => {
    expect(verdictOf(0, { low: -1, high: 1 }, 0.1)).toBe('not enough data');
    expect(verdictOf(30, { low: -0.3, high: -0.01 }, 0.1)).toBe('regressed');
    expect(verdictOf(30, { low: 0.02, high: 0.3 }, 0.1)).toBe('improved');
    expect(verdictOf(30, { low: -0.08, high: 0.08 }, 0.1)).toBe('no detectable change');
    expect(verdictOf(30, { low: -0.25, high: 0.05 }, 0.1)).toBe('not enough data');
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
