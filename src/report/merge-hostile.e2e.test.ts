/**
 * `report --merge` trusts nothing in the folder: a shard count in a file name sizes nothing
 * (`-of-300000000` once took 2.6 GB), a FIFO or a link to /dev/zero is refused unread (once blocked or
 * aborted the merge), a result nested 200,000 deep is refused naming the file (once E_INTERNAL, stack
 * overflow, no file named). Through the CLI, on a real eval result.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, runCli } from '../cli/testing.ts';
import { readShardFolder } from './merge.ts';
import type { ToolvetResult } from './model.ts';

const dir = mkdtempSync(join(tmpdir(), 'toolvet-merge-hostile-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let result: ToolvetResult;
let half: [string, string];

beforeAll(async () => {
  const file = join(dir, 'eval.json');
  const run = await runCli(['eval', '--tools', fixture('tools/refman.json'), '--queries', fixture('queries/refman.yaml'), '--json', file]);
  expect(run.code).toBe(0);
  result = JSON.parse(readFileSync(file, 'utf8')) as ToolvetResult;
  const cases = result.cases!;
  half = [JSON.stringify({ ...result, cases: cases.slice(0, 10) }), JSON.stringify({ ...result, cases: cases.slice(10) })];
}, 120_000);

function folder(name: string): string {
  const at = join(dir, name);
  mkdirSync(at);
  return at;
}

describe('report --merge on hostile shard folders', () => {
  it('sizes nothing from a shard count in a file name: the missing shards are counted, a few named', () => {
    const at = folder('huge-count');
    writeFileSync(join(at, 'toolvet.shard-1-of-300000000.json'), half[0]);
    writeFileSync(join(at, 'toolvet.shard-2-of-3.json'), half[1]);
    const read = readShardFolder(at);
    expect(read.shards).toHaveLength(2);
    expect(read.missing.filter((m) => m.endsWith('of 300000000'))).toEqual([...Array.from({ length: 20 }, (_, i) => `${i + 2} of 300000000`), '299999979 more of 300000000']);
    expect(read.missing.filter((m) => m.endsWith('of 3'))).toEqual(['1 of 3', '3 of 3']);
  });

  it('through the CLI, a huge count is a warning and the merge is written', async () => {
    const at = folder('huge-count-cli');
    writeFileSync(join(at, 'toolvet.shard-1-of-300000000.json'), half[0]);
    writeFileSync(join(at, 'toolvet.shard-2-of-300000000.json'), half[1]);
    const out = join(dir, 'huge.json');
    const run = await runCli(['report', '--merge', at, '--format', 'json', '--out', out], { timeoutMs: 60_000 });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('W_MERGE_MISSING');
    expect(run.stderr).toContain('299999978 more of 300000000');
    expect((JSON.parse(readFileSync(out, 'utf8')) as ToolvetResult).summary!.cases).toBe(result.summary!.cases);
  }, 90_000);

  it.each([
    ['a FIFO', (file: string) => execFileSync('mkfifo', [file]), 'is not a regular file'],
    ['a link to /dev/zero', (file: string) => symlinkSync('/dev/zero', file), 'is a symbolic link'],
    ['a link to a real shard elsewhere', (file: string) => { writeFileSync(`${file}.real`, half[1]); symlinkSync(`${file}.real`, file); }, 'is a symbolic link'],
  ])('refuses %s among the shards unread, naming it (E_FILE_SPECIAL, exit 3)', async (name, make, said) => {
    const at = folder(name.replace(/\W+/g, '-'));
    writeFileSync(join(at, 'toolvet.shard-1-of-2.json'), half[0]);
    const bad = join(at, 'toolvet.shard-2-of-2.json');
    make(bad);
    const run = await runCli(['report', '--merge', at, '--format', 'json'], { timeoutMs: 30_000 });
    expect(run.signal).toBeNull();
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('E_FILE_SPECIAL');
    expect(run.stderr).toContain(`${bad} ${said}`);
  }, 60_000);

  it('refuses a shard nested 200,000 deep, naming it (E_FILE_INVALID, exit 3), as `report FILE` does', async () => {
    const at = folder('deep');
    writeFileSync(join(at, 'toolvet.shard-1-of-2.json'), half[0]);
    const deep = `${'{"a":'.repeat(200_000)}1${'}'.repeat(200_000)}`;
    const bad = join(at, 'toolvet.shard-2-of-2.json');
    writeFileSync(bad, half[1].replace('"arguments":{', `"arguments":{"x":${deep},`));
    const merged = await runCli(['report', '--merge', at, '--format', 'json'], { timeoutMs: 30_000 });
    expect(merged.code).toBe(3);
    expect(merged.stderr).toContain('E_FILE_INVALID');
    expect(merged.stderr).toContain(`shard result ${bad} nests objects or arrays deeper than 512 levels`);
    const single = await runCli(['report', bad, '--format', 'text'], { timeoutMs: 30_000 });
    expect(single.code).toBe(3);
    expect(single.stderr).toContain(`result file ${bad} nests objects or arrays deeper than 512 levels`);
  }, 90_000);
});
