/**
 * `toolvet eval --models` as a user runs it: `toolvet mock-server` in a child process, behind a seeded
 * noisy endpoint, an endpoint that never calls a tool, and the mock in process. One run shows a row per
 * model and a verdict per pair that is the A/B's paired statistics.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { mcnemarExactP } from '../diff/paired-stats.ts';
import { startSkewedEndpoint, type SkewedEndpoint } from '../models/testing/skewed-endpoint.ts';
import type { ToolvetResult } from '../report/model.ts';
import { fixture, runCli, startCli } from './testing.ts';
import { tempDir } from '../testing/temp-dir.ts';

const REFMAN = ['--tools', fixture('tools/refman.json'), '--queries', fixture('queries/refman.yaml')];
let server: ChildProcess;
let mockUrl: string;
let bad: SkewedEndpoint;
let noisy: SkewedEndpoint;

beforeAll(async () => {
  const started = startCli(['mock-server', '--port', '0']);
  server = started.child;
  mockUrl = await new Promise<string>((resolve, reject) => {
    let out = '';
    server.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n')) resolve(out.trim());
    });
    server.on('close', () => reject(new Error('mock-server exited before printing its URL')));
  });
  bad = await startSkewedEndpoint({ kind: 'no-tool' });
  noisy = await startSkewedEndpoint({ kind: 'noisy', upstream: mockUrl, seed: 7, rate: 0.1 });
});
afterAll(async () => {
  server?.kill('SIGTERM');
  await Promise.all([bad?.close(), noisy?.close()]);
});

describe('toolvet eval --models', () => {
  it('runs the mock and two endpoints on the same cases: a table per model, a verdict per pair, a recommendation', async () => {
    const dir = tempDir('toolvet-models-');
    const json = join(dir, 'out.json');
    // Comma-separated and repeatable mean the same.
    const run = await runCli(['eval', ...REFMAN, '--models', `mock,openai:bad@${bad.url}`, '--models', `openai:noisy@${noisy.url}`, '--json', json]);
    expect(run.stderr).not.toMatch(/E_/);
    expect(run.code).toBe(0);
    const [badId, noisyId] = [`openai:bad@${bad.url}`, `openai:noisy@${noisy.url}`];
    expect(run.stdout).toContain('Models on the same cases');
    expect(run.stdout).toMatch(new RegExp(`^  mock +25/35 +71\\.4% +54\\.9% - 83\\.7%`, 'm'));
    expect(run.stdout).toMatch(new RegExp(`^  ${badId.replace(/[.?]/g, '\\$&')} +6/35 +17\\.1%`, 'm'));
    expect(run.stdout).toContain(`mock is better than ${badId} by 54.3 points`);
    expect(run.stdout).toContain(`mock vs ${noisyId}: not significantly different`);
    expect(run.stdout).toContain(`Recommendation: the data cannot separate mock (most accurate, 71.4%) from ${noisyId}`);

    const result = JSON.parse(readFileSync(json, 'utf8')) as ToolvetResult;
    const pairs = result.models!.pairs.map((p) => [p.a, p.b, p.significant, p.better, p.mcnemarP === mcnemarExactP(p.bOnly, p.aOnly)]);
    expect(pairs).toEqual([
      ['mock', badId, true, 'mock', true],
      ['mock', noisyId, false, null, true],
      [badId, noisyId, true, noisyId, true],
    ]);

    // The saved result renders the same section in Markdown, HTML and JUnit.
    const rendered = await runCli(['report', json, '--format', 'markdown,html,junit', '--out-dir', dir]);
    expect(rendered.code).toBe(0);
    const files = readFileSync(join(dir, 'toolvet.md'), 'utf8');
    expect(files).toContain('#### Pairwise comparisons (exact McNemar, alpha 0.05)');
    expect(files).toContain('**Recommendation:** the data cannot separate mock');
    expect(readFileSync(join(dir, 'toolvet.html'), 'utf8')).toContain('<section id="models">');
    expect(readFileSync(join(dir, 'toolvet.xml'), 'utf8')).toMatch(/<testsuite name="models"/);
  });

  it('refuses --models beside --model-name, a spec it cannot read, and a single model (exit 3, E_USAGE)', async () => {
    const clash = await runCli(['eval', ...REFMAN, '--models', 'mock,openai:x', '--model-name', 'x']);
    expect([clash.code, clash.stderr]).toEqual([3, expect.stringContaining('--models cannot be combined with --model-name')]);
    const typo = await runCli(['eval', ...REFMAN, '--models', 'mock,gpt-4o']);
    expect([typo.code, typo.stderr]).toEqual([3, expect.stringContaining('"gpt-4o" is not a model spec')]);
    const one = await runCli(['eval', ...REFMAN, '--models', 'mock']);
    expect([one.code, one.stderr]).toEqual([3, expect.stringContaining('two or more models')]);
  });
});
