/**
 * `toolvet probe --conformance` through the CLI: a correct tools-only v2 server (confirm-delete) and the
 * real server-everything over stdio score all-pass with no false failures; modern-bad's failures pass
 * the run only when the baseline lists them; an entry that passes now is stale; a bad baseline is bad
 * input. Exit codes as docs/exit-codes.md says: 0 pass, 1 a check failed (or a stale entry), 3 bad input.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { fixture, runCli } from '../cli/testing.ts';
import type { ToolvetResult } from '../report/model.ts';

const dir = mkdtempSync(join(tmpdir(), 'toolvet-conformance-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, text: string): string => {
  writeFileSync(join(dir, name), text);
  return join(dir, name);
};
const server = (path: string): string => fileURLToPath(new URL(`../../${path}`, import.meta.url));
const modernEra = fixture('hosts/modern-era.json');

const BAD_FAILURES = ['tools-structured-output:get_price', 'input-requests:pick_color', 'input-requests:summarise_notes', 'resources-read:notes://all', 'cache-hints:resources/templates/list', 'cache-hints:resources/read', 'resource-not-found:unknown-uri', 'deprecated-features:logging'];

describe('toolvet probe --conformance', () => {
  it('a correct tools-only server and server-everything (stdio) score all-pass: nothing undeclared is run, each skip says why', async () => {
    const config = write('host.json', JSON.stringify({ mcpServers: { shelf: { command: process.execPath, args: [server('fixtures/servers/confirm-delete.mjs')] }, everything: { command: process.execPath, args: [server('node_modules/@modelcontextprotocol/server-everything/dist/index.js')] } } }));
    const out = join(dir, 'all-pass.json');
    const run = await runCli(['probe', '--conformance', '--config', config, '--format', 'json', '--output', out]);
    expect(run.code, run.stderr).toBe(0);
    const conformance = (JSON.parse(readFileSync(out, 'utf8')) as ToolvetResult).probe!.conformance!;
    expect([conformance.unexpectedFailures, conformance.staleEntries]).toEqual([[], []]);
    expect(conformance.passed).toBe(conformance.checks);
    const shelf = conformance.servers.find((s) => s.server === 'shelf')!;
    expect(shelf.scenarios.filter((s) => s.state === 'run').map((s) => s.scenario)).toEqual(['lifecycle', 'tools-list', 'tools-call', 'cache-hints', 'deprecated-features']);
    expect(shelf.scenarios.find((s) => s.scenario === 'resources-read')!.reason).toBe('the server does not declare resources');
    // No bad-argument call is made in conformance mode: those are the conventions' checks.
    expect((JSON.parse(readFileSync(out, 'utf8')) as ToolvetResult).probe!.servers.every((s) => s.toolProbes.length === 0)).toBe(true);
  }, 180_000);

  it('modern-bad: failures listed in the baseline pass the run; one left out fails it, named', async () => {
    const full = write('full.yaml', `servers:\n  modern-bad:\n${BAD_FAILURES.map((f) => `    - ${f}`).join('\n')}\n`);
    const partial = write('partial.yaml', `servers:\n  modern-bad:\n${BAD_FAILURES.slice(1).map((f) => `    - ${f}`).join('\n')}\n`);
    const [passing, failing] = await Promise.all([
      runCli(['probe', '--conformance', '--config', modernEra, '--server', 'modern-bad', '--expected-failures', full]),
      runCli(['probe', '--conformance', '--config', modernEra, '--server', 'modern-bad', '--expected-failures', partial]),
    ]);
    expect(passing.code, passing.stdout).toBe(0);
    expect(passing.stdout).toMatch(/8 expected failure\(s\), 0 unexpected, 0 stale baseline entries against .*full\.yaml: passes/);
    expect(failing.code).toBe(1);
    expect(failing.stdout).toContain('✗ unexpected (not in the baseline): modern-bad: tools-structured-output:get_price');
  }, 180_000);

  it('an entry whose check passes now is stale and fails the run; a bad baseline is bad input (exit 3) before any server starts', async () => {
    const stale = write('stale.yaml', 'servers:\n  front-desk:\n    - cache-hints:tools/list\n');
    const broken = write('broken.yaml', 'server:\n  - origin: foreign-origin\n');
    const [staleRun, brokenRun, withoutConformance] = await Promise.all([
      runCli(['probe', '--conformance', '--config', modernEra, '--server', 'front-desk', '--expected-failures', stale]),
      runCli(['probe', '--conformance', '--config', modernEra, '--expected-failures', broken]),
      runCli(['probe', '--config', modernEra, '--expected-failures', stale]),
    ]);
    expect(staleRun.code).toBe(1);
    expect(staleRun.stdout).toContain('✓ stale (passes now; remove it from the baseline): front-desk: cache-hints:tools/list');
    expect(brokenRun.code).toBe(3);
    expect(brokenRun.stderr).toMatch(/E_FILE_INVALID.*broken\.yaml: \$\.server\[0\] is a mapping; did you mean 'origin:foreign-origin'/);
    expect(withoutConformance.code).toBe(3);
    expect(withoutConformance.stderr).toContain('--expected-failures is a baseline for --conformance');
  }, 180_000);
});
