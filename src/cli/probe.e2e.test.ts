/** `toolvet probe` end to end: the real CLI, real servers. */
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from './testing.ts';

describe('toolvet probe', () => {
  it('exits 0 on the bundled servers and prints each tool\'s failure shape', async () => {
    const run = await runCli(['probe', '--config', `${ROOT}fixtures/hosts/example.json`, '--server', 'refman']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/unknown tool \(jsonrpc-error\) +pass/);
    expect(run.stdout).toMatch(/search_items +missing-required \(query\) +rejected +structured-error +pass/);
    expect(run.stdout).toMatch(/move_item +skipped: not annotated readOnlyHint/);
    expect(run.stdout).toContain('conforms');
  });

  it('exits 1 on the bad server; JSON carries the probe section', async () => {
    const run = await runCli(['probe', '--config', `${ROOT}fixtures/hosts/bad.json`, '--call-timeout', '5000', '--format', 'json']);
    expect(run.code).toBe(1);
    const result = JSON.parse(run.stdout);
    expect(result.command).toBe('probe');
    expect(result.probe.conforms).toBe(false);
    expect(result.probe.servers[0].unknownTool.shape).toBe('is-error-text');
  });

  it('never says "conforms" when a server could not be probed: names it, says what to do, exits 2', async () => {
    const run = await runCli(['probe', '--config', `${ROOT}fixtures/servers/faults/hosts/broken-servers.json`, '--server', 'echo', '--server', 'exit-at-start']);
    expect(run.code).toBe(2);
    expect(run.stdout).not.toMatch(/\bconforms\b/);
    expect(run.stdout).toContain('incomplete: 1 server(s) not probed');
    expect(run.stdout).toMatch(/not probed: exit-at-start \(E_SERVER_START\)/);
    expect(run.stdout).toContain('leave it out with --server');
    const json = await runCli(['probe', '--config', `${ROOT}fixtures/servers/faults/hosts/broken-servers.json`, '--server', 'echo', '--server', 'exit-at-start', '--format', 'json']);
    const result = JSON.parse(json.stdout);
    expect(result.probe.conforms).toBe(false);
    expect(result.probe.unprobed).toEqual([expect.objectContaining({ server: 'exit-at-start', code: 'E_SERVER_START' })]);
    expect(result.verdict.status).toBe('error');
    expect(result.verdict.reasons[0]).toMatch(/^exit-at-start was not probed: /);
  });

  it('exits 3 without --config and for an unknown server', async () => {
    expect((await runCli(['probe'])).code).toBe(3);
    const unknown = await runCli(['probe', '--config', `${ROOT}fixtures/hosts/example.json`, '--server', 'nope']);
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toContain('E_UNKNOWN_SERVER');
  });
});
