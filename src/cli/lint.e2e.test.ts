/** `toolvet lint` end to end: the real CLI as a child process, real servers, real files. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sarifSchemaErrors } from '../lint/testing/sarif-schema.ts';
import { ROOT, runCli } from './testing.ts';
import { tempDir } from '../testing/temp-dir.ts';

const tmp = (): string => tempDir('toolvet-lint-');

describe('toolvet lint', () => {
  it('exits 0 on the bundled tool files and prints them clean', async () => {
    const run = await runCli(['lint', '--tools', `${ROOT}fixtures/tools/refman.json`, '--tools', `${ROOT}fixtures/tools/notebook.json`]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('fixtures/tools/refman.json (file, 6 tools');
    expect(run.stdout).toContain('0 errors, 0 warnings, 0 info (profile recommended); passes at --fail-on error');
  });

  it('exits 1 on the bad server, groups findings by tool, and writes SARIF the published schema accepts', async () => {
    const out = join(tmp(), 'lint.sarif');
    const text = await runCli(['lint', '--config', `${ROOT}fixtures/hosts/bad.json`]);
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(/\n {2}add_note\n {4}error {2}hidden-unicode +\$\.description\n/);
    const sarif = await runCli(['lint', '--config', `${ROOT}fixtures/hosts/bad.json`, '--format', 'sarif', '--output', out]);
    expect(sarif.code).toBe(1);
    const log = JSON.parse(readFileSync(out, 'utf8'));
    expect(log.version).toBe('2.1.0');
    expect(sarifSchemaErrors(log)).toEqual([]);
    expect(log.runs[0].results.some((r: { ruleId: string; locations: Array<{ logicalLocations: Array<{ fullyQualifiedName: string }> }> }) => r.ruleId === 'name-unique' && r.locations[0].logicalLocations[0].fullyQualifiedName === 'bad-tools/rank_items')).toBe(true);
  });

  it('--fail-on warn turns warnings into a failing gate; --profile spec silences them', async () => {
    const dir = tmp();
    const tools = join(dir, 'tools.json');
    writeFileSync(tools, JSON.stringify([{ name: 'get_sum', description: 'Returns the sum of two numbers', inputSchema: { type: 'object', properties: { a: { type: 'number' } }, required: ['a'] } }]));
    expect((await runCli(['lint', '--tools', tools])).code).toBe(0);
    expect((await runCli(['lint', '--tools', tools, '--fail-on', 'warn'])).code).toBe(1);
    const spec = await runCli(['lint', '--tools', tools, '--profile', 'spec', '--fail-on', 'info', '--format', 'json']);
    expect(spec.code).toBe(0);
    expect(JSON.parse(spec.stdout).lint.findings).toEqual([]);
  });

  it('reads toolvet.lint.json from the working folder and refuses an unknown rule id with its path (exit 3)', async () => {
    const dir = tmp();
    const tools = join(dir, 'tools.json');
    writeFileSync(tools, JSON.stringify([{ name: 'get_sum', description: 'Returns the sum of two numbers', inputSchema: { type: 'object', properties: { a: { type: 'number' } }, required: ['a'] } }]));
    writeFileSync(join(dir, 'toolvet.lint.json'), JSON.stringify({ rules: { 'description-length': 'error' } }));
    const gated = await runCli(['lint', '--tools', tools], { cwd: dir });
    expect(gated.code).toBe(1);
    expect(gated.stdout).toMatch(/error +description-length/);
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ rules: { 'description-lenght': 'off' } }));
    const bad = await runCli(['lint', '--tools', tools, '--rules', join(dir, 'bad.json')]);
    expect(bad.code).toBe(3);
    expect(bad.stderr).toContain('$.rules.description-lenght is not a rule');
    expect(bad.stderr).toContain('did you mean');
  });

  it('exits 3 without input, and 2 when a server will not start, still linting the others', async () => {
    const none = await runCli(['lint']);
    expect(none.code).toBe(3);
    expect(none.stderr).toContain('E_USAGE');
    const dir = tmp();
    const config = join(dir, 'host.json');
    writeFileSync(config, JSON.stringify({ mcpServers: { echo: { command: 'node', args: [`${ROOT}fixtures/servers/echo.mjs`] }, broken: { command: 'node', args: ['-e', 'process.exit(4)'] } } }));
    const run = await runCli(['lint', '--config', config, '--format', 'json']);
    expect(run.code).toBe(2);
    const result = JSON.parse(run.stdout);
    expect(result.verdict.status).toBe('error');
    expect(result.lint.sets.find((s: { name: string }) => s.name === 'echo').tools).toBe(1);
    expect(result.errors[0].server).toBe('broken');
  });

  it('--list-rules prints every rule id', async () => {
    const run = await runCli(['lint', '--list-rules']);
    expect(run.code).toBe(0);
    for (const id of ['schema-valid', 'toolset-overlap', 'tool-call-directive', 'prompt-description', 'template-description']) expect(run.stdout).toContain(id);
  });
});
