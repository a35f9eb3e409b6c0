/**
 * `evalSelection({models})` over real HTTP: the mock in process, the mock over `startMockServer`
 * behind a seeded noisy endpoint, and an endpoint that never calls a tool. The bad model is
 * significantly worse; the noisy one cannot be separated from the mock; both verdicts are the
 * paired statistics of the description A/B.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcnemarExactP, newcombePairedInterval } from '../diff/paired-stats.ts';
import { createMockModel } from '../models/mock.ts';
import { startMockServer, type MockServer } from '../models/mock-server.ts';
import { startSkewedEndpoint, type SkewedEndpoint } from '../models/testing/skewed-endpoint.ts';
import { evalSelection } from '../vitest/eval-selection.ts';
import { fixture } from '../cli/testing.ts';
import type { ModelPair } from '../report/model.ts';

const INPUTS = { toolsFiles: [fixture('tools/refman.json')], queries: [fixture('queries/refman.yaml')] };
let mock: MockServer;
let bad: SkewedEndpoint;
let noisy: SkewedEndpoint;

beforeAll(async () => {
  mock = await startMockServer({ port: 0, driver: createMockModel() });
  bad = await startSkewedEndpoint({ kind: 'no-tool' });
  noisy = await startSkewedEndpoint({ kind: 'noisy', upstream: mock.url, seed: 7, rate: 0.1 });
});
afterAll(async () => {
  await Promise.all([mock?.close(), bad?.close(), noisy?.close()]);
});

/** The pair's verdict is exactly what the paired statistics say of its counts. */
function expectPairedStats(p: ModelPair): void {
  const both = Math.round(p.bAccuracy * p.queries) - p.bOnly;
  expect(p.mcnemarP).toBe(mcnemarExactP(p.bOnly, p.aOnly));
  expect(p.interval).toEqual(newcombePairedInterval({ both, newOnly: p.aOnly, oldOnly: p.bOnly, neither: p.queries - both - p.aOnly - p.bOnly }));
  expect(p.significant).toBe(p.mcnemarP < 0.05);
}

describe('evalSelection({models})', () => {
  it('scores every model on the same cases and compares each pair', async () => {
    const result = await evalSelection({
      ...INPUTS,
      models: [{ kind: 'mock' }, { kind: 'openai', baseUrl: bad.url, modelName: 'bad' }, { kind: 'openai', baseUrl: noisy.url, modelName: 'noisy' }],
    });
    const m = result.models!;
    const [mockId, badId, noisyId] = ['mock', `openai:bad@${bad.url}`, `openai:noisy@${noisy.url}`];
    expect(m.models.map((e) => [e.model, e.summary.cases])).toEqual([[mockId, 35], [badId, 35], [noisyId, 35]]);
    for (const e of m.models) expect(e.summary.interval.low).toBeLessThan(e.summary.accuracy);
    // The bad model passes only the no-tool cases: significantly worse.
    const [mockBad, mockNoisy] = m.pairs;
    expect([mockBad.a, mockBad.b, mockBad.significant, mockBad.better]).toEqual([mockId, badId, true, mockId]);
    expect(mockBad.mcnemarP).toBeLessThan(0.001);
    // The noisy model only ever loses cases to the mock, but too few to tell.
    expect([mockNoisy.a, mockNoisy.b, mockNoisy.significant, mockNoisy.better, mockNoisy.bOnly]).toEqual([mockId, noisyId, false, null, 0]);
    expect(mockNoisy.aOnly).toBeGreaterThan(0);
    for (const p of m.pairs) expectPairedStats(p);
    expect(m.recommendation).toBe(`the data cannot separate mock (most accurate, 71.4%) from ${noisyId}: add cases or --repeat, or choose on cost and latency`);
    expect(result.model).toBe([mockId, badId, noisyId].join(', '));
    expect(result.toolTokens).toMatchObject({ method: 'estimate', suite: 'refman' });
  });

  it('is the same over HTTP as in process: the mock against toolvet mock-server cannot be told apart', async () => {
    const result = await evalSelection({ ...INPUTS, minAccuracy: 0.5, models: [{ kind: 'mock' }, { kind: 'openai', baseUrl: mock.url, modelName: 'toolvet-mock' }] });
    const [pair] = result.models!.pairs;
    expect([pair.aOnly, pair.bOnly, pair.mcnemarP, pair.better]).toEqual([0, 0, 1, null]);
    expect(result.verdict.status).toBe('pass');
  });

  it('refuses one model, a model listed twice, and model beside models, with E_USAGE', async () => {
    await expect(evalSelection({ ...INPUTS, models: [{ kind: 'mock' }] })).rejects.toMatchObject({ code: 'E_USAGE', message: expect.stringContaining('two or more') });
    await expect(evalSelection({ ...INPUTS, models: [{ kind: 'mock' }, { kind: 'mock' }] })).rejects.toMatchObject({ code: 'E_USAGE', message: '--models lists mock twice' });
    await expect(evalSelection({ ...INPUTS, model: { kind: 'mock' }, models: [{ kind: 'mock' }] })).rejects.toMatchObject({ code: 'E_USAGE' });
  });
});
