/** `toolproof probe` end to end: the real CLI, real servers. */
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from './testing.ts';

describe('toolproof probe', () => {
  it('exits 0 on the bundled servers and prints each tool\'s failure shape', async () => {
    const run = await runCli(['probe', '--config', `${ROOT}fixtures/hosts/example.json`, '--server', 'refman']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/unknown tool \(jsonrpc-error\) +pass/);
    expect(run.stdout).toMatch(/search_items +missing-required \(query\) +structured-error +pass/);
    expect(run.stdout).toMatch(/move_item +skipped: not annotated readOnlyHint/);
    expect(run.stdout).toContain('conforms');
  });

  it('exits 1 on the bad server; JSON carries the probe section', async () => {
    const run = await runCli(['probe', '--config', `${ROOT}fixtures/hosts/bad.json`, '--call-timeout', '1000', '--format', 'json']);
    expect(run.code).toBe(1);
    const result = JSON.parse(run.stdout);
    expect(result.command).toBe('probe');
    expect(result.probe.conforms).toBe(false);
    expect(result.probe.servers[0].unknownTool.shape).toBe('is-error-text');
  });

  it('exits 3 without --config and for an unknown server', async () => {
    expect((await runCli(['probe'])).code).toBe(3);
    const unknown = await runCli(['probe', '--config', `${ROOT}fixtures/hosts/example.json`, '--server', 'nope']);
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toContain('E_UNKNOWN_SERVER');
  });
});
