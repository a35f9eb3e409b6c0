/**
 * Files that survive: a results file has one writer at a time, a torn last line (a kill or a full
 * disk mid-write) is cut off before `--resume` appends, `--resume` refuses a file written for another
 * model or tool list unless `--force`, `report` reads result files past the 20 MB input cap, and a
 * FIFO or a device given as an input file is refused instead of blocking or reading forever.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockModel } from '../models/mock.ts';
import { startMockServer, type MockServer } from '../models/mock-server.ts';
import type { ModelDriver } from '../types.ts';
import { fixture, runCli, startCli } from './cli.ts';

let dir = '';
let slow: MockServer;
const base = ['--tools', fixture('tools/refman.json'), '--queries', fixture('queries/refman.yaml')];

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'toolvet-integrity-'));
  const mock = createMockModel();
  const driver: ModelDriver = {
    id: 'slow-mock',
    complete: async (request) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      return mock.complete(request);
    },
  };
  slow = await startMockServer({ driver, modelName: 'slow-mock' });
});
afterAll(async () => {
  await slow.close();
  rmSync(dir, { recursive: true, force: true });
});

const caseLines = (file: string): number => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter((l) => l.startsWith('{"type":"case"')).length : 0);

// Several CLI runs per test: minutes on a loaded 2-core machine.
const SLOW = 300_000;

describe('results files', () => {
  it('a second writer is refused, naming the run that holds the file', async () => {
    const results = path.join(dir, 'shared.jsonl');
    const first = startCli(['eval', ...base, '--base-url', slow.url, '--model-name', 'slow-mock', '--retries', '0', '--concurrency', '1', '--results', results], { timeoutMs: 180_000 });
    const started = Date.now();
    while (caseLines(results) < 1 && Date.now() - started < 120_000) await new Promise((r) => setTimeout(r, 50));
    const second = await runCli(['eval', ...base, '--results', results]);
    first.child.kill('SIGTERM');
    await first.done;
    expect(second.code).toBe(2);
    expect(second.stderr).toContain('E_RESULTS_LOCKED');
    expect(second.stderr).toContain(`pid ${first.child.pid}`);
    // The first run's lines are intact: every line parses.
    for (const line of readFileSync(results, 'utf8').split('\n').filter(Boolean)) expect(() => JSON.parse(line)).not.toThrow();
    expect(existsSync(`${results}.lock`)).toBe(false);
  }, SLOW);

  it('a torn last line is dropped once on --resume, and the file stays resumable', async () => {
    const results = path.join(dir, 'torn.jsonl');
    expect((await runCli(['eval', ...base, '--results', results])).code).toBe(0);
    const whole = caseLines(results);
    // A write cut short by a full disk: half a line, no newline.
    appendFileSync(results, '{"type":"case","id":"cut-sho');
    const resumed = await runCli(['eval', ...base, '--resume', results]);
    expect(resumed.code).toBe(0);
    expect(resumed.stdout + resumed.stderr).toContain('W_TORN_LINE');
    const lines = readFileSync(results, 'utf8').split('\n').filter(Boolean);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    expect(caseLines(results)).toBe(whole);
    const again = await runCli(['eval', ...base, '--resume', results]);
    expect(again.code).toBe(0);
    expect(again.stdout + again.stderr).not.toContain('W_TORN_LINE');
  }, SLOW);

  it('--resume refuses a file from another model or tool list unless --force', async () => {
    const results = path.join(dir, 'other-model.jsonl');
    expect((await runCli(['eval', ...base, '--results', results])).code).toBe(0);
    const otherModel = await runCli(['eval', ...base, '--base-url', slow.url, '--model-name', 'slow-mock', '--retries', '0', '--resume', results]);
    expect(otherModel.code).toBe(3);
    expect(otherModel.stderr).toContain('E_RESUME_MISMATCH');
    expect(otherModel.stderr).toMatch(/written by model mock/);
    const otherTools = await runCli(['eval', '--tools', fixture('tools/refman-v2-harmful.json'), '--queries', fixture('queries/refman.yaml'), '--resume', results]);
    expect(otherTools.code).toBe(3);
    expect(otherTools.stderr).toMatch(/tool definitions changed/);
    const forced = await runCli(['eval', '--tools', fixture('tools/refman-v2-harmful.json'), '--queries', fixture('queries/refman.yaml'), '--resume', results, '--force']);
    expect([0, 1]).toContain(forced.code);
  }, SLOW);

  it('report reads a result file Toolvet wrote past the 20 MB input cap', async () => {
    const json = path.join(dir, 'small.json');
    await runCli(['eval', ...base, '--json', json]);
    const result = JSON.parse(readFileSync(json, 'utf8')) as { cases: Array<{ id: string }> };
    const one = result.cases;
    const big = { ...result, cases: Array.from({ length: Math.ceil(22e6 / JSON.stringify(one).length) }, (_, i) => one.map((c) => ({ ...c, id: `${c.id}-${i}` }))).flat() };
    const file = path.join(dir, 'big.json');
    writeFileSync(file, JSON.stringify(big));
    expect(readFileSync(file).length).toBeGreaterThan(20 * 1024 * 1024);
    const report = await runCli(['report', file, '--format', 'markdown'], { timeoutMs: 120_000 });
    expect(report.stderr).toBe('');
    expect(report.code).toBe(0);
    expect(report.stdout).toContain('Toolvet');
  }, SLOW);

  it('a FIFO or a device as an input file is refused at once', async () => {
    const fifo = path.join(dir, 'queries.fifo');
    execFileSync('mkfifo', [fifo]);
    const run = await runCli(['eval', '--tools', fixture('tools/refman.json'), '--queries', fifo], { timeoutMs: 120_000 });
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/named pipe \(FIFO\), not a regular file/);
    const device = await runCli(['eval', '--tools', '/dev/zero', '--queries', fixture('queries/refman.yaml')], { timeoutMs: 120_000 });
    expect(device.code).toBe(3);
    expect(device.stderr).toMatch(/is a device, not a regular file/);
  }, SLOW);
});
