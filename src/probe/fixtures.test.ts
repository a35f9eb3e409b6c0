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
    const result = await runProbe({ config: path('fixtures/hosts/bad.json'), timeouts: { callMs: 1500 } });
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
      'notes.search': 'no-retry-hint:fail',
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
    const result = await runProbe({ config: path('fixtures/hosts/bad.json'), allowDestructive: true, timeouts: { callMs: 1500 } });
    const s = shapes(result.probe!.servers[0]);
    expect(s.send_note).toBe('structured-failure:pass');
    expect(s.add_note).toBe('structured-failure:pass');
    expect(result.probe!.allowDestructive).toBe(true);
  });
});
