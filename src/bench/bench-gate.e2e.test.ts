/**
 * The bench gate holds still and still catches a slowdown, through the built CLI on a real fixture
 * server: slow-echo sleeps SLOW_ECHO_DELAY_MS in its handler (20 ms, and 40 ms for the planted 2x
 * slowdown, so the change is large in absolute terms). Default settings, every default task (cold
 * start, tools/list, tools/call): a baseline, two unchanged reruns that must pass, then the planted
 * slowdown that must fail. Meant to hold on a loaded machine (it was run beside `stress --cpu 2`):
 * the verdict needs the change to exceed the minimum effect and the noise of interleaved rounds.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixture, runCli } from '../cli/testing.ts';
import type { BenchTaskResult, ToolvetResult } from '../report/model.ts';

const dir = mkdtempSync(join(tmpdir(), 'toolvet-bench-gate-'));
const host = (delayMs: number): string => {
  const file = join(dir, `host-${delayMs}.json`);
  writeFileSync(file, JSON.stringify({ mcpServers: { echo: { command: process.execPath, args: [fixture('servers/slow-echo.mjs')], env: { SLOW_ECHO_DELAY_MS: String(delayMs) } } } }));
  return file;
};
const baseline = join(dir, 'baseline.json');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function bench(delayMs: number, name: string, extra: string[] = []): Promise<{ code: number | null; stdout: string; result: ToolvetResult; task: (t: string) => BenchTaskResult }> {
  const json = join(dir, `${name}.json`);
  const run = await runCli(['bench', '--config', host(delayMs), '--json', json, ...extra], { timeoutMs: 240_000 });
  expect(run.stderr).not.toMatch(/E_[A-Z_]+/);
  const result = JSON.parse(readFileSync(json, 'utf8')) as ToolvetResult;
  return { code: run.code, stdout: run.stdout, result, task: (t) => result.bench!.tasks.find((x) => x.task === t)! };
}

describe('bench against a baseline', () => {
  it('passes two unchanged reruns in a row and fails a planted 2x slowdown', async () => {
    const saved = await bench(20, 'baseline', ['--save', baseline]);
    expect(saved.code).toBe(0);
    const call = saved.task('tools/call echo');
    expect(call.roundMediansMs).toHaveLength(7);
    expect(saved.result.bench!.environment.loadAverageAtStart).toHaveLength(3);
    expect(saved.result.bench!.environment.runnable).toBeGreaterThan(0);
    expect(call.roundMinMs).toHaveLength(7);
    expect(saved.result.bench!.machine?.[0]?.echoRoundMediansMs).toHaveLength(7);
    expect(saved.result.bench!.settings.rounds).toBe(7);
    expect(saved.task('cold start').samples).toBe(10);

    for (const name of ['unchanged-1', 'unchanged-2']) {
      const same = await bench(20, name, ['--baseline', baseline]);
      const rounds = (xs: number[] | undefined): string => `[${xs?.map((m) => m.toFixed(2)).join(' ')}]`;
      const rows = [
        ...same.result.bench!.tasks.map((t) => `${t.task}: ${t.change} ${t.ratio?.toFixed(2)}x (load-adjusted ${t.loadAdjustedRatio?.toFixed(2)}x) ${rounds(t.roundMediansMs)} vs ${rounds(t.baseline?.roundMediansMs)}`),
        `echo round trip ${rounds(same.result.bench!.machine?.[0]?.echoRoundMediansMs)} vs ${rounds(saved.result.bench!.machine?.[0]?.echoRoundMediansMs)}`,
      ];
      expect(same.code, `${name} failed:\n${rows.join('\n')}\n${same.stdout}`).toBe(0);
      expect(same.stdout).toContain('no slowdown flagged');
      for (const t of same.result.bench!.tasks) expect(t.flagged, rows.join('\n')).toBe(false);
      // A busier machine may make the typical call slower past 1.2x ("noisy"), never flagged.
      expect(['same', 'noisy', 'faster']).toContain(same.task('tools/call echo').change);
    }

    const slower = await bench(40, 'planted-2x', ['--baseline', baseline]);
    const echo = slower.task('tools/call echo');
    const { samplesMs: _samples, ...fields } = echo as BenchTaskResult & { samplesMs?: unknown };
    expect(slower.code, `${slower.stdout}\n${JSON.stringify({ ...fields, echo: slower.result.bench!.machine }, null, 1)}`).toBe(1);
    expect(echo).toMatchObject({ change: 'slower', flagged: true });
    expect(echo.ratio).toBeGreaterThanOrEqual(1.2);
    expect(echo.p).toBeLessThanOrEqual(0.01);
    expect(slower.stdout).toMatch(/echo tools\/call echo is \d\.\d\dx the baseline \(median [\d.]+ -> [\d.]+ ms\): past the minimum effect \(1\.2x and 1 ms(?:, after dividing by the machine's own [\d.]+x)?\), the fastest call \d\.\d\dx too, and its (?:7|14) rounds rank above the baseline's 7 \(p = [\d.e-]+\)/);
    expect(slower.stdout).toMatch(/│ echo\s+│ tools\/call echo │.*│ SLOWER\s+│/);
  }, 600_000);

  it('measures a server again when a task reads noisy, and says when it is still too noisy to judge', async () => {
    // A baseline whose tools/call rounds are bimodal (three rounds of 200 ms among 10 ms ones): a 40 ms
    // call is past the minimum effect (4x the median) but cannot rank above rounds that slow, however
    // many rounds are run, so the verdict stays noisy after the second pass and the run says so.
    const saved = JSON.parse(readFileSync(baseline, 'utf8')) as ToolvetResult;
    const call = saved.bench!.tasks.find((t) => t.task === 'tools/call echo')!;
    call.roundMediansMs = [10, 200, 10, 200, 10, 200, 10];
    call.roundMinMs = [9, 190, 9, 190, 9, 190, 9];
    const bimodal = join(dir, 'bimodal.json');
    writeFileSync(bimodal, JSON.stringify(saved));
    const run = await bench(40, 'bimodal', ['--baseline', bimodal, '--iterations', '10', '--time', '200', '--starts', '7']);
    const echo = run.task('tools/call echo');
    expect(run.code, run.stdout).toBe(0);
    expect(echo.change).toBe('noisy');
    expect(echo.roundMediansMs).toHaveLength(14);
    expect(run.task('cold start').roundMediansMs).toHaveLength(14);
    expect(run.result.bench!.remeasured).toEqual(['echo']);
    expect(run.result.bench!.machine?.[0]?.roundMediansMs).toHaveLength(14);
    expect(run.result.warnings.map((w) => w.code)).toContain('W_BENCH_TOO_NOISY');
    expect(run.stdout).toMatch(/W_BENCH_TOO_NOISY: (?:[^\n]*, )?echo tools\/call echo(?:, [^\n]*)?: past the minimum effect, but still within the noise after 14 rounds/);
    expect(run.stdout).toContain('measured again, 7 rounds more, because a task read noisy: echo');
  }, 300_000);
});
