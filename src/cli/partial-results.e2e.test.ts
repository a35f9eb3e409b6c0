/**
 * Partial results are kept, never contradicted (issue 26 item 2): with one real fixture server and
 * one that cannot start, `snapshot` writes the server that answered and exits 2 naming the other;
 * `lint`, `probe` and `bench` report `complete: false` and print no pass line.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture, runCli } from './testing.ts';
import { tempDir } from '../testing/temp-dir.ts';

const dir = tempDir('toolvet-partial-');
const host = join(dir, 'host.json');
writeFileSync(
  host,
  JSON.stringify({
    mcpServers: {
      refman: { command: process.execPath, args: [fixture('servers/refman.mjs')] },
      // A script that does not exist: node exits at once, so the server never answers.
      broken: { command: process.execPath, args: [join(dir, 'missing-server.mjs')] },
    },
  }),
);
const timeouts = ['--start-timeout', '20000'];
const result = (file: string): { complete: boolean; verdict: { status: string; reasons: string[] } } => JSON.parse(readFileSync(file, 'utf8'));

describe('partial results when one server is not reached', { timeout: 120_000 }, () => {
  it('snapshot writes the server that answered and exits 2 naming the one that did not', async () => {
    const out = join(dir, 'snaps');
    const run = await runCli(['snapshot', '--config', host, '--out', out, ...timeouts]);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stdout).toMatch(/^refman: \d+ tools/m);
    expect(run.stderr).toContain('"broken"');
    expect(run.stderr).toContain('1 snapshot(s) of the servers that answered were written');
    expect(JSON.parse(readFileSync(join(out, 'refman.json'), 'utf8')).tools.length).toBeGreaterThan(0);
    expect(existsSync(join(out, 'broken.json'))).toBe(false);
  });

  it('lint reports complete: false and no pass line', async () => {
    const json = join(dir, 'lint.json');
    const text = await runCli(['lint', '--config', host, ...timeouts]);
    expect(text.code, text.stderr).toBe(2);
    expect(text.stdout).not.toContain('passes at --fail-on');
    expect(text.stdout).toContain('incomplete: 1 server not reached (broken)');
    const run = await runCli(['lint', '--config', host, '--format', 'json', '--output', json, ...timeouts]);
    expect(run.code, run.stderr).toBe(2);
    const r = result(json);
    expect(r.complete).toBe(false);
    expect(r.verdict.status).toBe('error');
  });

  it('probe reports complete: false', async () => {
    const json = join(dir, 'probe.json');
    const text = await runCli(['probe', '--config', host, ...timeouts]);
    expect(text.code, text.stderr).toBe(2);
    expect(text.stdout).not.toMatch(/; conforms/);
    const run = await runCli(['probe', '--config', host, '--format', 'json', '--output', json, ...timeouts]);
    expect(run.code, run.stderr).toBe(2);
    expect(result(json).complete).toBe(false);
  });

  it('bench reports complete: false', async () => {
    const json = join(dir, 'bench.json');
    const run = await runCli(['bench', '--config', host, '--json', json, '--task', 'tools-list', '--rounds', '2', '--iterations', '3', '--time', '10', '--starts', '1', ...timeouts]);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stdout).not.toContain('no slowdown flagged');
    expect(result(json).complete).toBe(false);
  });

  it('every server reached: complete: true (the same commands on the one good server)', async () => {
    const json = join(dir, 'lint-good.json');
    const run = await runCli(['lint', '--config', host, '--server', 'refman', '--format', 'json', '--output', json, ...timeouts]);
    expect([0, 1]).toContain(run.code);
    expect(result(json).complete).toBe(true);
  });
});
