import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ToolvetError } from '../errors.ts';
import { loadShardResults, mergeResults, readShardFolder } from './merge.ts';
import type { ToolvetResult } from './model.ts';
import { everyResult } from './testing/real-results.ts';
import { tempDir } from '../testing/temp-dir.ts';

let parts: ToolvetResult[];

beforeAll(async () => {
  ({ parts } = await everyResult());
}, 120_000);

/** One eval result cut into two, by query set, the way two shards would each run some sets. */
function split(result: ToolvetResult): [ToolvetResult, ToolvetResult] {
  const half = (sets: string[]): ToolvetResult => ({
    ...result,
    suites: result.suites!.filter((s) => sets.includes(s.suite)),
    cases: result.cases!.filter((c) => sets.includes(c.suite)),
  });
  return [half(['refman']), half(['notebook', 'echo'])];
}

const thrown = (fn: () => unknown): ToolvetError => {
  try {
    fn();
  } catch (error) {
    if (error instanceof ToolvetError) return error;
    throw error;
  }
  throw new Error('expected a ToolvetError');
};

describe('mergeResults', () => {
  it('gives the totals of the whole run when its parts are merged', () => {
    const whole = parts[0];
    const merged = mergeResults(split(whole));
    expect(merged.summary).toEqual(whole.summary);
    expect(merged.suites?.map((s) => s.suite).sort()).toEqual(whole.suites!.map((s) => s.suite).sort());
    for (const s of whole.suites!) expect(merged.suites!.find((m) => m.suite === s.suite)!.summary).toEqual(s.summary);
  });

  it('keeps the worst verdict and every reason, and the sections of each part', () => {
    const merged = mergeResults(parts);
    expect(merged.verdict.status).toBe('fail');
    for (const p of parts) for (const r of p.verdict.reasons) expect(merged.verdict.reasons).toContain(r);
    expect(merged.lint?.findings.length).toBe(parts[2].lint!.findings.length);
    expect(merged.diff?.ab.length).toBe(1);
    expect(merged.bench?.tasks.length).toBe(parts[3].bench!.tasks.length);
    expect(merged.skills?.trigger?.cases.length).toBe(parts[4].skills!.trigger!.cases.length);
    expect(merged.command).toBe('merged');
  });

  it('ranks no gate below pass: a part without a gate neither fails the merge nor adds its advice to a gated one', () => {
    const ungated: ToolvetResult = { ...parts[0], verdict: { status: 'none', reasons: ['no gate set'] } };
    expect(mergeResults([ungated, ungated]).verdict).toEqual({ status: 'none', reasons: ['no gate set'] });
    expect(mergeResults([ungated, parts[3]]).verdict).toEqual(parts[3].verdict);
    expect(mergeResults([ungated, parts[2]]).verdict.status).toBe(parts[2].verdict.status);
  });

  it('adds up two lint and two diff sections', () => {
    const merged = mergeResults([parts[2], parts[2], parts[1], parts[1]]);
    expect(merged.lint!.summary.error).toBe(2 * parts[2].lint!.summary.error);
    expect(merged.diff!.counts.retest).toBe(2 * parts[1].diff!.counts.retest);
    expect(merged.diff!.gate.pass).toBe(parts[1].diff!.gate.pass);
  });
});

describe('loadShardResults', () => {
  it('loads every result in the folder, in name order', () => {
    const dir = tempDir('toolvet-merge-');
    const [a, b] = split(parts[0]);
    writeFileSync(join(dir, 'toolvet.shard-1-of-2.json'), JSON.stringify(a));
    writeFileSync(join(dir, 'toolvet.shard-2-of-2.json'), JSON.stringify(b));
    writeFileSync(join(dir, 'notes.txt'), 'not a result');
    const loaded = loadShardResults(dir);
    expect(loaded.map((l) => l.file.split('/').at(-1))).toEqual(['toolvet.shard-1-of-2.json', 'toolvet.shard-2-of-2.json']);
    expect(mergeResults(loaded.map((l) => l.result)).summary).toEqual(parts[0].summary);
  });

  it('refuses a copied shard, which would count its cases twice', () => {
    const dir = tempDir('toolvet-merge-');
    writeFileSync(join(dir, 'toolvet.shard-1-of-2.json'), JSON.stringify(parts[0]));
    copyFileSync(join(dir, 'toolvet.shard-1-of-2.json'), join(dir, 'toolvet.shard-2-of-2.json'));
    const error = thrown(() => loadShardResults(dir));
    expect(error.code).toBe('E_FILE_INVALID');
    expect(error.message).toContain('toolvet.shard-2-of-2.json is identical to');
  });

  it('reads only shard files: a merged toolvet.json beside them is skipped and named, not counted', () => {
    const dir = tempDir('toolvet-merge-');
    const [a, b] = split(parts[0]);
    writeFileSync(join(dir, 'toolvet.shard-1-of-3.json'), JSON.stringify(a));
    writeFileSync(join(dir, 'toolvet.shard-2-of-3.json'), JSON.stringify(b));
    writeFileSync(join(dir, 'toolvet.json'), JSON.stringify(mergeResults([a, b])));
    const folder = readShardFolder(dir);
    expect(folder.shards.map((s) => s.file.split('/').at(-1))).toEqual(['toolvet.shard-1-of-3.json', 'toolvet.shard-2-of-3.json']);
    expect(folder.skipped).toEqual([join(dir, 'toolvet.json')]);
    expect(folder.missing).toEqual(['3 of 3']);
    expect(mergeResults(folder.shards.map((s) => s.result)).summary!.cases).toBe(parts[0].summary!.cases);
  });

  it('names an empty folder, a missing one, and a file that is not a result', () => {
    const dir = tempDir('toolvet-merge-');
    expect(thrown(() => loadShardResults(dir)).message).toContain('holds no shard results (toolvet.shard-<i>-of-<n>.json)');
    expect(thrown(() => loadShardResults(join(dir, 'nope'))).code).toBe('E_FILE_MISSING');
    writeFileSync(join(dir, 'results.json'), '{}');
    expect(thrown(() => loadShardResults(dir)).message).toContain('it has results.json, which are not shard files');
    mkdirSync(join(dir, 'x'));
    writeFileSync(join(dir, 'x', 'toolvet.shard-1-of-1.json'), '{"name": "x"}');
    const error = thrown(() => loadShardResults(join(dir, 'x')));
    expect(error.code).toBe('E_FILE_INVALID');
    expect(error.file).toContain('toolvet.shard-1-of-1.json');
  });
});
