/**
 * `eval --models ... --record DIR` then `--replay DIR` as a user runs them: one cassette per model in
 * its own folder, named so two models never share one; the replay runs offline (the endpoint is closed)
 * and gives the same comparison, times included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cassetteFolder } from '../models/model-cassettes.ts';
import { startSkewedEndpoint, type SkewedEndpoint } from '../models/testing/skewed-endpoint.ts';
import type { ToolvetResult } from '../report/model.ts';
import { fixture, runCli } from './testing.ts';

const REFMAN = ['--tools', fixture('tools/refman.json'), '--queries', fixture('queries/refman.yaml')];
let bad: SkewedEndpoint | undefined;
let dir: string;

beforeAll(async () => {
  bad = await startSkewedEndpoint({ kind: 'no-tool' });
  dir = mkdtempSync(join(tmpdir(), 'toolvet-models-cassettes-'));
});
afterAll(async () => {
  await bad?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('cassette folders', () => {
  it('differ for every model id, also ids that read alike, and hold no path separators', () => {
    const ids = ['mock', 'openai:a:b@http://127.0.0.1:1/v1', 'openai:a_b@http://127.0.0.1:1/v1', 'openai:a@http://127.0.0.1:1/v1', 'openai:a@http://127.0.0.1:1/v2', 'openai:../../x@http://h/v1', 'openai:' + 'n'.repeat(300) + '@http://h/v1'];
    const folders = ids.map(cassetteFolder);
    expect(new Set(folders).size).toBe(ids.length);
    for (const f of folders) {
      expect(f).toMatch(/^[A-Za-z0-9][A-Za-z0-9.-]*-[0-9a-f]{8}$/);
      expect(f.length).toBeLessThanOrEqual(69);
    }
    expect(cassetteFolder('mock')).toBe(cassetteFolder('mock'));
  });
});

describe('eval --models with --record and --replay', () => {
  it('records one cassette per model, then replays the comparison offline, identical', async () => {
    const cassettes = join(dir, 'cassettes');
    const models = `mock,openai:bad@${bad!.url}`;
    const recorded = join(dir, 'recorded.json');
    const rec = await runCli(['eval', ...REFMAN, '--models', models, '--record', cassettes, '--json', recorded], { timeoutMs: 120_000 });
    expect(rec.code, rec.stderr).toBe(0);
    expect(readdirSync(cassettes).sort()).toEqual([cassetteFolder('mock'), cassetteFolder(`openai:bad@${bad!.url}`)].sort());
    await bad!.close();
    bad = undefined;
    const replayed = join(dir, 'replayed.json');
    const rep = await runCli(['eval', ...REFMAN, '--models', models, '--replay', cassettes, '--json', replayed], { timeoutMs: 120_000 });
    expect(rep.code, rep.stderr).toBe(0);
    const [a, b] = [recorded, replayed].map((f) => JSON.parse(readFileSync(f, 'utf8')) as ToolvetResult);
    expect(b.models).toEqual(a.models);
    expect(b.models!.pairs[0].better).toBe('mock');
    expect([b.startedAt, b.finishedAt]).toEqual([a.startedAt, a.finishedAt]);
    // A model nobody recorded is a missing cassette, named, before any model runs.
    const other = await runCli(['eval', ...REFMAN, '--models', 'mock,openai:other@http://127.0.0.1:9/v1', '--replay', cassettes]);
    expect(other.code).toBe(3);
    expect(other.stderr).toContain('E_FILE_MISSING');
    expect(other.stderr).toContain(cassetteFolder('openai:other@http://127.0.0.1:9/v1'));
    const both = await runCli(['eval', ...REFMAN, '--models', models, '--record', cassettes, '--replay', cassettes]);
    expect(both.code).toBe(3);
    expect(both.stderr).toContain('--record and --replay cannot be combined');
  }, 240_000);
});
