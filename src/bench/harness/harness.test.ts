/**
 * The harness benchmarks' plumbing on tiny workloads: both P1 sides get every request answered by
 * the fixed endpoint, and P5's children run the whole eval path. No timing is asserted here. The
 * children run bundled from .bench/ on the built package (dist/, built by the global setup).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildHarness, HARNESS_ENTRIES } from './build-harness.ts';
import { BENCHMARKS } from './benchmarks.ts';
import { BENCH_DIR } from './child.ts';
import { ROOT, type Figure } from './workload.ts';
import { benchP1 } from './p1-selection.ts';
import { benchP3 } from './p3-start.ts';
import { benchP4 } from './p4-mock.ts';
import { benchP5 } from './p5-memory.ts';
import { benchP6 } from './p6-many-tools.ts';
import { benchP7 } from './p7-start-up.ts';
import { benchP8 } from './p8-ab.ts';
import { choiceProbabilities, createOverlapModel } from './overlap-model.ts';

describe('harness benchmarks', () => {
  beforeAll(async () => {
    await buildHarness();
  });

  it('bundles every child without the sources or a TypeScript loader: toolvet stays an import of the built package', () => {
    for (const name of HARNESS_ENTRIES) {
      const text = readFileSync(join(BENCH_DIR, `${name}.js`), 'utf8');
      expect(text, name).not.toMatch(/from ["'][^"']*src\/(run|models|servers|scoring)\//);
      expect(text, name).not.toMatch(/\btsx\b/);
    }
    const runner = readFileSync(join(BENCH_DIR, 'run-benchmark.js'), 'utf8');
    expect(runner).toMatch(/from "toolvet"/);
    // The runner and the scorers come from the package, not a bundled copy of src/.
    expect(runner).not.toMatch(/function runSelection\(/);
    expect(runner).not.toMatch(/class ServerPool\b/);
  });

  it('P1 times the whole CLI process and the bare loop\'s process over real HTTP, fast and slow endpoint', async () => {
    const figures = await benchP1({ cases: 40, concurrency: 4, rounds: 1, latencyCases: 8, latencyRounds: 1, delayMs: 50 });
    expect(figures.map((f) => f.id)).toEqual(['P1', 'P1 RSS', 'P1 latency']);
    expect(figures[0].value).toBeGreaterThan(0);
    expect(figures[0].detail).toMatch(/spawn to exit; per-round ratios [\d.]+; process CPU per request [\d.]+ ms vs [\d.]+ ms/);
    expect(figures[1].value).toBeGreaterThan(20);
    expect(figures[2].what).toMatch(/8 cases, against an endpoint that answers in 50 ms/);
    // 8 answers at concurrency 4, 50 ms each: at least two waves on both sides.
    expect(figures[2].detail).toMatch(/toolvet \d+ ms, bare fetch \d+ ms/);
    const [, tv, bare] = /toolvet (\d+) ms, bare fetch (\d+) ms/.exec(figures[2].detail)!;
    for (const ms of [tv, bare]) expect(Number(ms)).toBeGreaterThanOrEqual(100);
  });

  it('npm run bench runs each benchmark in its own process and prints one table: figure, target, met, load', () => {
    expect(Object.keys(BENCHMARKS)).toEqual(['P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7', 'P8']);
    const dir = mkdtempSync(join(os.tmpdir(), 'toolvet-bench-main-'));
    try {
      const json = join(dir, 'figures.json');
      let out = '';
      try {
        out = execFileSync(process.execPath, ['--import', 'tsx', join(ROOT, 'src/bench/harness/main.ts'), '--only', 'P7', '--quick', '--json', json], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
      } catch (error) {
        out = String((error as { stdout?: string }).stdout ?? ''); // exit 1 when a target is missed on a busy machine
      }
      expect(out).toMatch(/│\s*load\s*│/);
      for (const id of ['P7', 'P7 RSS', 'P7 lint', 'P7 eval', 'P7 run']) expect(out).toMatch(new RegExp(`│ ${id}\\s+│.*│ (met|MISSED)\\s+│ \\d+\\.\\d\\s*│`));
      const figures = (JSON.parse(readFileSync(json, 'utf8')) as { figures: Figure[] }).figures;
      expect(figures.map((f) => f.id)).toEqual(['P7', 'P7 RSS', 'P7 lint', 'P7 eval', 'P7 run']);
      for (const f of figures) expect(f.load).toBeGreaterThanOrEqual(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // P7 spawns the CLI dozens of times (the run row starts three servers each time): minutes on a busy 2-core machine.
  }, 300_000);

  it('P3 starts the same servers through ServerPool and each bare SDK client, every side listing their tools', async () => {
    const [figure] = await benchP3({ rounds: 1, servers: 2 });
    expect(figure.id).toBe('P3');
    expect(figure.value).toBeGreaterThan(0);
    expect(figure.detail).toMatch(/toolvet \d+ ms; bare v2 Client \d+ ms .*negotiating \d+ ms .*bare v1 @modelcontextprotocol\/sdk Client \d+ ms/);
  });

  it('P4 runs the mock through the runner and reports cases per CPU-second with the wall rate beside it', async () => {
    const [figure] = await benchP4({ cases: 200, rounds: 1 });
    expect(figure.id).toBe('P4');
    expect(figure.value).toBeGreaterThan(0);
    expect(figure.detail).toMatch(/^per CPU-second [\d,]+; wall clock [\d,]+ cases\/s/);
  });

  it('P6 runs the built CLI over many and few tools and reports CPU and wall time for eval and lint', async () => {
    const figures = await benchP6({ rounds: 1, tools: 40, queries: 5 });
    expect(figures.map((f) => f.id)).toEqual(['P6 eval', 'P6 lint']);
    for (const f of figures) expect(f.detail).toMatch(/^CPU [\d.]+ s vs [\d.]+ s; wall [\d.]+ s vs [\d.]+ s/);
  });

  it('P5 runs an eval at two sizes in child processes', async () => {
    const [figure] = await benchP5({ small: 20, large: 40, rounds: 1 });
    expect(figure.id).toBe('P5');
    expect(figure.detail).toMatch(/\d+ MB vs \d+ MB/);
  });

  it('P7 starts the built CLI beside node -e 0 and reads each side\'s peak RSS', async () => {
    const figures = await benchP7({ rounds: 1 });
    expect(figures.map((f) => f.id)).toEqual(['P7', 'P7 RSS', 'P7 lint', 'P7 eval', 'P7 run']);
    expect(figures[0].value).toBeGreaterThan(0);
    expect(figures[3].detail).toMatch(/toolvet eval --tools \S+ --queries \(1 case\) \d+ ms, \d+ MB, process CPU \d+ ms vs node -e 0 .*; a first run \(start-up cache off\) \d+ ms, \d+\.\d\dx, process CPU \d+ ms$/);
    expect(figures[1].value).toBeGreaterThan(20);
    expect(figures[2].detail).toMatch(/toolvet lint --tools \S+echo.json \d+ ms vs node -e 0 \d+ ms, \d+ MB/);
    expect(figures[4].detail).toMatch(/^toolvet run \d+ ms, \d+ MB, process CPU \d+ ms/);
  });

  it('P8 runs the A/B over seeds with the overlap model and reports rates, budget and coverage', async () => {
    const figures = await benchP8({ seeds: 2 });
    expect(figures.map((f) => f.what)).toEqual([expect.stringMatching(/^A\/B detection: harmful rewording \(-\d+\.\d points\)/), expect.stringMatching(/^A\/B pass rate/), expect.stringMatching(/^A\/B false alarm/)]);
    expect(figures[0].detail).toMatch(/the last interval held the true change in: harmful \d+\.\d%/);
  });

  it('the overlap model is reproducible by seed and follows its probabilities', async () => {
    const tools = [
      { name: 'search_items', description: 'Search references by topic.', inputSchema: { type: 'object', properties: { query: { type: 'string' } } } },
      { name: 'get_item', description: 'Read one reference by key.', inputSchema: { type: 'object', properties: { key: { type: 'string' } } } },
    ];
    const ask = async (seed: number): Promise<Array<string | null>> => {
      const model = createOverlapModel({ seed });
      const out: Array<string | null> = [];
      for (let i = 0; i < 200; i++) out.push((await model.complete({ messages: [{ role: 'user', content: 'search references by topic' }], tools })).toolCalls[0]?.name ?? null);
      return out;
    };
    expect(await ask(3)).toEqual(await ask(3));
    const p = choiceProbabilities('search references by topic', tools).find((c) => c.name === 'search_items')!.p;
    const share = (await ask(5)).filter((n) => n === 'search_items').length / 200;
    expect(Math.abs(share - p)).toBeLessThan(0.1);
  });
});
