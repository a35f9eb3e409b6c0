/** The probe against the bundled servers (they conform) and the deliberately bad one (every failure shape), live over stdio. */
import { describe, expect, it } from 'vitest';
import { runProbe } from './probe-run.ts';
import type { ServerProbe } from './types.ts';

const path = (p: string): string => new URL(`../../${p}`, import.meta.url).pathname;

function shapes(server: ServerProbe): Record<string, string> {
  const out: Record<string, string> = {};
  for (const t of server.toolProbes) {
    if (t.state === 'skipped') out[t.tool] = 'skipped';
    else out[t.tool] = [...new Set(t.probes.map((p) => `${p.shape}:${p.status}`))].join(' ');
  }
  return out;
}

describe('probe: fixture servers', () => {
  it('echo, refman and notebook conform: structured errors, a JSON-RPC error naming the unknown tool, a stable list, the echo sample', async () => {
    const result = await runProbe({ config: path('fixtures/hosts/example.json') });
    const probe = result.probe!;
    expect(result.verdict.status).toBe('pass');
    expect(probe.conforms).toBe(true);
    for (const s of probe.servers) {
      expect(s.unknownTool).toMatchObject({ shape: 'jsonrpc-error', namesTool: true, status: 'pass' });
      expect(s.listStable?.status).toBe('pass');
      expect(s.schemasWellFormed?.status).toBe('pass');
      for (const t of s.toolProbes.filter((x) => x.state === 'probed')) for (const p of t.probes) expect(p.shape).toBe('structured-error');
    }
    const echo = probe.servers.find((s) => s.server === 'echo')!;
    expect(echo.echo).toEqual({ status: 'pass', detail: 'one text item: prefix "Echo: " then the input' });
    // move_item is destructiveHint: true and is never called without --allow-destructive.
    expect(shapes(probe.servers.find((s) => s.server === 'refman')!).move_item).toBe('skipped');
    // The two warnings: refman's search_items and list_collections return JSON text but declare no outputSchema (structured-probe.ts).
    expect(probe.summary).toMatchObject({ servers: 3, toolsProbed: 9, toolsSkipped: 1, warn: 2, fail: 0 });
    expect(probe.servers.find((s) => s.server === 'refman')!.structuredResults!.map((r) => `${r.tool}:${r.status}`)).toEqual(['search_items:warn', 'list_collections:warn']);
  });
});

describe('probe: the bad server', () => {
  it('sees every failure shape, the shuffled list, the unnamed unknown tool, the wrong echo, and survives a hang and a crash', async () => {
    const result = await runProbe({ config: path('fixtures/hosts/bad.json'), timeouts: { callMs: 5000 } });
    const [bad] = result.probe!.servers;
    expect(result.verdict.status).toBe('fail');
    expect(bad.listStable?.status).toBe('fail');
    expect(bad.schemasWellFormed?.status).toBe('fail');
    expect(bad.unknownTool).toMatchObject({ shape: 'is-error-text', namesTool: false, status: 'fail' });
    expect(bad.echo?.status).toBe('fail');
    expect(shapes(bad)).toMatchObject({
      run: 'skipped',
      weather_report: 'null:fail',
      get_user: 'empty-object:fail',
      get_users: 'success:fail',
      getUserInfo: 'empty-content:fail',
      lookup_notes: 'bare-text:warn',
      'notes.search': 'no-retry-hint:warn', // no worse than a bare message without a hint
      list_files: 'jsonrpc-error:warn',
      list_files_with_sizes: 'unflagged-failure:fail',
      list_tags: 'timeout:fail',
      fetch_everything: 'crash:fail',
      send_note: 'skipped',
      add_note: 'skipped',
      echo: 'structured-failure:pass',
      parse_csv: 'structured-failure:pass',
    });
    // The crash cost one restart, and the tools after it were still probed.
    expect(result.servers?.[0].restarts).toBe(1);
  });

  it('--allow-destructive probes the destructive tools too, still with bad arguments only', async () => {
    const result = await runProbe({ config: path('fixtures/hosts/bad.json'), allowDestructive: true, timeouts: { callMs: 5000 } });
    const s = shapes(result.probe!.servers[0]);
    expect(s.send_note).toBe('structured-failure:pass');
    expect(s.add_note).toBe('structured-failure:pass');
    expect(result.probe!.allowDestructive).toBe(true);
  });
});

describe('probe: a server that passes bad arguments on (fixtures/servers/unvalidated.mjs, cut from real answers)', () => {
  it('reads what the server said: did not validate, not "rejected"; no timeout from ?timeout=32s; JSON without a hint scores like bare text', async () => {
    const result = await runProbe({ config: path('fixtures/hosts/unvalidated.json') });
    const [server] = result.probe!.servers;
    const read = Object.fromEntries(server.toolProbes.map((t) => [t.tool, [...new Set(t.probes.map((p) => `${p.verdict}/${p.shape}:${p.status}`))].join(' ')]));
    expect(read).toEqual({
      // kubectl's log holds a URL with ?timeout=32s: the server failed, it did not hang.
      get_logs: 'accepted-then-failed/no-retry-hint:warn',
      explain_resource: 'accepted-then-failed/jsonrpc-error:warn',
      search_web: 'accepted-then-failed/bare-text:warn',
      get_page: 'accepted-then-failed/jsonrpc-error:warn',
      // "API key must be provided" is a 401 from upstream, not a validation message.
      find_papers: 'accepted-then-failed/bare-text:warn',
      install_chart: 'accepted-then-failed/unflagged-failure:fail',
      // A structured error without a retry hint and a bare message without one: both warn.
      find_notes: 'rejected/no-retry-hint:warn',
      lookup_notes: 'rejected/bare-text:warn',
    });
    for (const t of server.toolProbes) for (const p of t.probes) expect(p.shape).not.toBe('timeout');
    expect(server.toolProbes.find((t) => t.tool === 'get_logs')!.probes[0].excerpt).toContain('?timeout=32s');
    expect(result.probe!.summary.verdicts).toMatchObject({ rejected: 2, 'accepted-then-failed': 6, 'timed-out': 0 });
  });
});
