/** `toolvet snapshot` and `toolvet diff` as child processes: output, formats and exit codes 0/1/2/3. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/testing.ts';
import { tempDir } from '../testing/temp-dir.ts';

const dir = tempDir('toolvet-diff-cli-');

// Each CLI start costs a few seconds on a busy machine.
describe('toolvet snapshot / diff (CLI)', { timeout: 120_000 }, () => {
  it('snapshots one server, and diffing it against the live server finds nothing (exit 0)', async () => {
    const snap = await runCli(['snapshot', '--config', 'fixtures/hosts/example.json', '--server', 'notebook', '--out', join(dir, 'snaps')]);
    expect(snap.code).toBe(0);
    expect(snap.stdout).toMatch(/notebook: 3 tools -> .*notebook\.json/);
    const diff = await runCli(['diff', join(dir, 'snaps'), 'live:fixtures/hosts/example.json', '--server', 'notebook']);
    expect(diff.stdout).toContain('0 breaking, 0 retest, 0 safe');
    expect(diff.code).toBe(0);
  });

  it('exits 1 on a breaking change and renders text, json and markdown', async () => {
    const tools = JSON.parse(readFileSync('fixtures/tools/refman.json', 'utf8'));
    tools.find((t: { name: string }) => t.name === 'search_items').inputSchema.properties.limit.maximum = 20;
    const next = join(dir, 'refman-lower-max.json');
    writeFileSync(next, JSON.stringify(tools));
    const out = join(dir, 'result.json');
    const text = await runCli(['diff', 'fixtures/snapshots/refman.json', next, '--out', out]);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain('maximum-lowered');
    expect(text.stdout).toContain('maximum of parameter "limit" lowered from 50 to 20');
    const result = JSON.parse(readFileSync(out, 'utf8'));
    expect(result.command).toBe('diff');
    expect(result.diff.changes).toEqual([expect.objectContaining({ tool: 'search_items', check: 'maximum-lowered', level: 'breaking', path: 'inputSchema.properties.limit.maximum' })]);
    const md = await runCli(['diff', 'fixtures/snapshots/refman.json', next, '--format', 'markdown']);
    expect(md.stdout).toContain('| 🔴 breaking | search_items | `maximum-lowered` |');
  });

  it('--fail-on retest fails on a description change that the default gate lets through', async () => {
    const args = ['diff', 'fixtures/snapshots/refman.json', 'fixtures/tools/refman-v2-harmless.json'];
    expect((await runCli(args)).code).toBe(0);
    expect((await runCli([...args, '--fail-on', 'retest'])).code).toBe(1);
  });

  it('runs the A/B from the CLI and lists the flipped queries (exit 1)', async () => {
    const run = await runCli(['diff', 'fixtures/snapshots/refman.json', 'fixtures/tools/refman-v2-harmful.json', '--queries', 'fixtures/queries/refman.yaml']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('verdict: regressed');
    expect(run.stdout).toMatch(/- list-folders: "list my folders" expects list_collections; old chose list_collections, new chooses/);
  });

  it('exits 3 for input that will not load and 2 for a server that will not start', async () => {
    const missing = await runCli(['diff', 'fixtures/snapshots/refman.json', join(dir, 'nope.json')]);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain('E_FILE_MISSING');
    const badConfig = join(dir, 'broken-host.json');
    writeFileSync(badConfig, JSON.stringify({ mcpServers: { broken: { command: process.execPath, args: [join(dir, 'missing-server.mjs')] } } }));
    const broken = await runCli(['diff', 'fixtures/snapshots/refman.json', `live:${badConfig}`, '--start-timeout', '5000']);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain('broken');
  });
});
