/**
 * The tool-count sweep through the CLI on the live fixture servers: the same cases at each size, each
 * query set padded with distractors drawn first from the other servers, the sizes nested; accuracy
 * against tool count in the JSON result, the text table, Markdown and an HTML chart.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixture, runCli } from '../cli/testing.ts';
import type { ToolvetResult } from '../report/model.ts';
import { distractorPool, generatedDistractors, parseDistractorSizes } from './distractors.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'toolvet-sweep-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('distractors', () => {
  it('are drawn from other tools first, never shadow an own tool, and nest across sizes', () => {
    const own = generatedDistractors(3, 1).map((t) => ({ ...t, name: `own_${t.name}` }));
    const others = [...generatedDistractors(5, 2).map((t) => ({ ...t, name: `other_${t.name}` })), { ...own[0] }];
    const pool = distractorPool(own, others, 20);
    expect(pool).toHaveLength(20);
    expect(pool.slice(0, 5).every((t) => t.name.startsWith('other_'))).toBe(true);
    expect(pool.some((t) => own.some((o) => o.name === t.name))).toBe(false);
    expect(new Set(pool.map((t) => t.name)).size).toBe(20);
    expect(distractorPool(own, others, 8).map((t) => t.name)).toEqual(pool.slice(0, 8).map((t) => t.name));
  });

  it('sizes parse as ascending whole numbers, or not at all', () => {
    expect(parseDistractorSizes('100, 0,10,10')).toEqual([0, 10, 100]);
    expect(parseDistractorSizes('ten')).toBeUndefined();
    expect(parseDistractorSizes('-1')).toBeUndefined();
  });
});

describe('toolvet eval --distractors', () => {
  it('runs the cases at each size and reports accuracy against tool count in every format', async () => {
    const json = path.join(dir, 'sweep.json');
    const run = await runCli(['eval', '--config', fixture('hosts/example.json'), '--queries', fixture('queries/refman.yaml'), '--distractors', '0,10,200', '--json', json], { timeoutMs: 240_000 });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Accuracy against the number of tools the model saw');
    const result = JSON.parse(readFileSync(json, 'utf8')) as ToolvetResult;
    expect(result.verdict.status).toBe('none');
    expect(result.sweep!.points.map((p) => [p.distractors, p.tools, p.cases])).toEqual([
      [0, 6, 35],
      [10, 16, 35],
      [200, 206, 35],
    ]);
    for (const p of result.sweep!.points) expect(p.accuracy).toBeCloseTo(p.passed / p.cases, 10);
    // Tokens per request: at 0 distractors exactly what a plain eval of the same set reports, then growing
    // by each added distractor's own estimate (the sizes nest, so the lists do too).
    expect(result.sweep!.tokenMethod).toBe('estimate');
    const plain = await runCli(['eval', '--config', fixture('hosts/example.json'), '--queries', fixture('queries/refman.yaml'), '--json', path.join(dir, 'plain.json')], { timeoutMs: 120_000 });
    const eval0 = (JSON.parse(readFileSync(path.join(dir, 'plain.json'), 'utf8')) as ToolvetResult).toolTokens!.perRequest;
    expect(plain.code, plain.stderr).toBe(0);
    const tokens = result.sweep!.points.map((p) => p.toolTokens!);
    expect(tokens[0]).toBe(eval0);
    expect(tokens[1]).toBeGreaterThan(tokens[0]);
    expect(tokens[2]).toBeGreaterThan(tokens[1] + 190 * 10);
    expect(run.stdout).toMatch(/tokens\/request/);
    expect(run.stdout).toContain(`~${tokens[2]}`);
    expect(run.stdout).toContain('estimated at 4 characters per token');
    expect(result.verdict.reasons.at(-1)).toMatch(new RegExp(`with 6 tools \\(~${tokens[0]} tokens per request, estimated\\), .* with 206 \\(~${tokens[2]} tokens\\)`));
    const md = await runCli(['report', json, '--format', 'markdown']);
    expect(md.stdout).toContain('#### Accuracy against tool count and tokens');
    expect(md.stdout).toContain('tokens per request (est.)');
    expect(md.stdout).toContain(`~${tokens[2]}`);
    const htmlFile = path.join(dir, 'sweep.html');
    const html = await runCli(['report', json, '--format', 'html', '--out', htmlFile]);
    expect(html.code).toBe(0);
    const page = readFileSync(htmlFile, 'utf8');
    expect(page).toContain('<svg class="sweep"');
    expect(page).toContain('<svg class="sweep-tokens"');
    expect(page).toContain(`about ${tokens[2]} tokens (206 tools)`);
    expect((page.match(/<circle /g) ?? []).length).toBeGreaterThanOrEqual(6);
    // A result written before the sweep counted tokens still renders, without the token column.
    const old = { ...result, sweep: { points: result.sweep!.points.map(({ toolTokens: _t, ...p }) => p) } };
    writeFileSync(path.join(dir, 'old.json'), JSON.stringify(old));
    const oldMd = await runCli(['report', path.join(dir, 'old.json'), '--format', 'markdown']);
    expect(oldMd.code, oldMd.stderr).toBe(0);
    expect(oldMd.stdout).toContain('#### Accuracy against tool count\n');
    expect(oldMd.stdout).not.toContain('tokens per request (est.)');
  }, 300_000);

  it('refuses sizes that are not whole numbers, naming the flag', async () => {
    writeFileSync(path.join(dir, 'x'), '');
    const run = await runCli(['eval', '--tools', fixture('tools/refman.json'), '--queries', fixture('queries/refman.yaml'), '--distractors', 'ten']);
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/--distractors/);
  });
});
