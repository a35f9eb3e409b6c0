/**
 * The call-time server faults through the CLI. `eval` never calls a tool (the model only sees the
 * definitions), so these faults meet users in `toolvet probe`, which calls every server: each broken
 * server gets its finding, the healthy one passes, and the exit code is the conformance gate (1), not a
 * harness failure: Toolvet itself worked.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixture, runCli } from './cli.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'toolvet-probe-faults-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface ProbedServer {
  server: string;
  status: string;
  unknownTool?: { shape: string; status: string; detail: string; excerpt?: string };
}

describe('call-time server faults (probe, CLI)', () => {
  it('crash, hang, oversized answer, {} and wrong unknown-tool answers each fail their check; echo passes; exit 1', async () => {
    const out = path.join(dir, 'probe.json');
    const run = await runCli(['probe', '--config', fixture('servers/faults/hosts/call-faults.json'), '--call-timeout', '4000', '--format', 'json', '--output', out], { timeoutMs: 120_000 });
    expect(run.code).toBe(1);
    const result = JSON.parse(readFileSync(out, 'utf8')) as { probe: { servers: ProbedServer[] }; errors: unknown[] };
    const shapes = Object.fromEntries(result.probe.servers.map((s) => [s.server, [s.status, s.unknownTool?.shape, s.unknownTool?.status]]));
    expect(shapes).toEqual({
      echo: ['pass', 'jsonrpc-error', 'pass'],
      'crash-on-call': ['fail', 'crash', 'fail'],
      'hang-on-call': ['fail', 'timeout', 'fail'],
      'big-result': ['fail', 'crash', 'fail'],
      'empty-results': ['fail', 'success', 'fail'],
      'unknown-tool-success': ['fail', 'success', 'fail'],
      'unknown-tool-bare-error': ['fail', 'is-error-text', 'fail'],
    });
    const big = result.probe.servers.find((s) => s.server === 'big-result')!;
    expect(`${big.unknownTool!.detail} ${big.unknownTool!.excerpt ?? ''}`).toContain('over 10 MB');
  }, 130_000);
});
