/**
 * Nothing lost: an eval (a child process) against a deliberately slow model endpoint is killed halfway,
 * SIGKILL (no chance to clean up) and SIGTERM (graceful), and `--resume FILE` finishes it. The totals
 * then equal those of an uninterrupted run.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockModel } from '../models/mock.ts';
import { startMockServer, type MockServer } from '../models/mock-server.ts';
import type { ToolvetResult } from '../report/model.ts';
import type { ModelDriver } from '../types.ts';
import { fixture, runCli, startCli } from './cli.ts';

const DELAY_MS = 150;
let dir = '';
let server: MockServer;
let inputs: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'toolvet-resume-'));
  const mock = createMockModel();
  // The mock model, served over HTTP, answering each request after a delay: slow enough to kill mid-run.
  const slow: ModelDriver = {
    id: 'slow-mock',
    complete: async (request) => {
      await new Promise((resolve) => setTimeout(resolve, DELAY_MS));
      return mock.complete(request);
    },
  };
  server = await startMockServer({ driver: slow, modelName: 'slow-mock' });
  inputs = ['--base-url', server.url, '--model-name', 'slow-mock', '--retries', '0', '--tools', fixture('tools/refman.json'), '--queries', fixture('queries/refman.yaml'), '--concurrency', '2'];
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const caseLines = (file: string): number => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter((l) => l.startsWith('{"type":"case"')).length : 0);
const readResult = (file: string): ToolvetResult => JSON.parse(readFileSync(file, 'utf8')) as ToolvetResult;

/** What must not depend on an interruption: every count and rate, and each case's outcome. */
function totals(result: ToolvetResult): unknown {
  const { meanLatencyMs: _latency, ...summary } = result.summary!;
  return { summary, cases: result.cases!.map((c) => [c.suite, c.id, c.state, c.chosen, c.reason]) };
}

async function killHalfway(signal: NodeJS.Signals, results: string, json: string): Promise<{ code: number | null; lines: number }> {
  const { child, done } = startCli(['eval', ...inputs, '--results', results, '--json', json], { timeoutMs: 120_000 });
  const started = Date.now();
  while (caseLines(results) < 8 && Date.now() - started < 90_000) await new Promise((r) => setTimeout(r, 50));
  child.kill(signal);
  const outcome = await done;
  return { code: outcome.code, lines: caseLines(results) };
}

describe('kill and resume', () => {
  let uninterrupted: ToolvetResult;
  let planned = 0;

  beforeAll(async () => {
    const run = await runCli(['eval', ...inputs, '--json', `${dir}/whole.json`], { timeoutMs: 120_000 });
    expect(run.code).not.toBe(null);
    uninterrupted = readResult(`${dir}/whole.json`);
    planned = uninterrupted.cases!.length;
    expect(uninterrupted.complete).toBe(true);
  }, 130_000);

  it('SIGKILL halfway: the finished lines survive whole, and --resume runs only the rest', async () => {
    const results = `${dir}/killed.jsonl`;
    const killed = await killHalfway('SIGKILL', results, `${dir}/killed.json`);
    expect(killed.code).toBe(null);
    expect(killed.lines).toBeGreaterThanOrEqual(8);
    expect(killed.lines).toBeLessThan(planned);
    const resumed = await runCli(['eval', ...inputs, '--resume', results, '--json', `${dir}/resumed.json`], { timeoutMs: 120_000 });
    expect(resumed.code).toBe(uninterrupted.verdict.status === 'fail' ? 1 : 0);
    const result = readResult(`${dir}/resumed.json`);
    expect(result.complete).toBe(true);
    expect(totals(result)).toEqual(totals(uninterrupted));
    // The resume appended exactly the missing cases to the same file.
    expect(caseLines(results)).toBe(planned);
  }, 240_000);

  it('SIGTERM halfway: the run closes cleanly, says it is incomplete and how to resume; --resume completes it', async () => {
    const results = `${dir}/stopped.jsonl`;
    const json = `${dir}/stopped.json`;
    const stopped = await killHalfway('SIGTERM', results, json);
    expect(stopped.code).toBe(2);
    const partial = readResult(json);
    expect(partial.complete).toBe(false);
    expect(partial.verdict.reasons.join('\n')).toContain(`--resume ${results}`);
    expect(partial.cases!.length).toBeLessThan(planned);
    const resumed = await runCli(['eval', ...inputs, '--resume', results, '--json', `${dir}/stopped-resumed.json`], { timeoutMs: 120_000 });
    expect(resumed.code).not.toBe(2);
    expect(totals(readResult(`${dir}/stopped-resumed.json`))).toEqual(totals(uninterrupted));
  }, 240_000);
});
