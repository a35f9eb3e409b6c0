/**
 * Record a run against the real llama.cpp server, then replay it offline (no endpoint at all): the
 * `--json` result file is byte-identical. A random-weight model answers noise, which makes this a
 * strong check: any answer, latency or time not taken from the cassette would show.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LLAMA_MODEL, llamaSkipReason, sharedLlamaBaseUrl } from '../testing/llama.ts';
import { fixture, runCli } from './cli.ts';

const skip = llamaSkipReason();
if (skip) console.log(`[llama replay] skipped: ${skip}`);

describe.skipIf(skip !== undefined)('replay of a recorded llama.cpp run', () => {
  let baseUrl = '';
  let dir = '';
  beforeAll(async () => {
    // One retry: on a loaded machine the start script's health wait can run out, or another run's
    // teardown can stop the shared server just as this one asks for it.
    baseUrl = await sharedLlamaBaseUrl().catch(() => sharedLlamaBaseUrl());
    dir = mkdtempSync(path.join(os.tmpdir(), 'toolvet-llama-replay-'));
  }, 660_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reproduces the recorded result file byte for byte, offline', async () => {
    const inputs = ['--tools', fixture('tools/echo.json'), '--queries', fixture('queries/echo.yaml'), '--max-tokens', '48', '--repeat', '2'];
    const recorded = await runCli(['eval', '--base-url', baseUrl, '--model-name', LLAMA_MODEL, '--retries', '0', ...inputs, '--record', `${dir}/cassette`, '--json', `${dir}/recorded.json`], {
      timeoutMs: 300_000,
    });
    expect(recorded.stderr).not.toMatch(/E_INTERNAL/);
    const replayed = await runCli(['eval', ...inputs, '--replay', `${dir}/cassette`, '--json', `${dir}/replayed.json`]);
    expect(replayed.code).toBe(recorded.code);
    const a = readFileSync(`${dir}/recorded.json`, 'utf8');
    const b = readFileSync(`${dir}/replayed.json`, 'utf8');
    expect(b).toBe(a);
    const result = JSON.parse(a);
    expect(result.model).toBe(`openai:${LLAMA_MODEL}@${baseUrl}`);
    expect(result.cases).toHaveLength(6);
    // 6 cases x 2 attempts, one exchange file per distinct request.
    expect(readdirSync(`${dir}/cassette/exchanges`)).toHaveLength(6);
    expect(replayed.stdout).toBe(recorded.stdout);
  }, 600_000);
});
