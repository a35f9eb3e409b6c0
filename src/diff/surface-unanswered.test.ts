import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/testing.ts';
import { runLint } from '../lint/lint-run.ts';
import { writeSnapshots } from './snapshot.ts';
import { tempDir } from '../testing/temp-dir.ts';

const config = fileURLToPath(new URL('../../fixtures/hosts/resources-unanswered.json', import.meta.url));

// @hubspot/mcp-server 0.4.0 declares `resources` and answers resources/list with "Method not found":
// snapshot and lint --config failed on it with E_CALL_FAILED, so its 21 tools could not be linted.
describe('a server that declares resources but does not answer resources/list', () => {
  it('is snapshotted with its tools, its resources unrecorded', async () => {
    const out = tempDir('toolvet-unanswered-');
    const [written] = await writeSnapshots({ config, outDir: out });
    expect(written).toMatchObject({ server: 'resources-unanswered', tools: 1 });
    const data = JSON.parse(readFileSync(join(out, 'resources-unanswered.json'), 'utf8'));
    expect(data.tools.map((t: { name: string }) => t.name)).toEqual(['get_property']);
    expect(data).not.toHaveProperty('resources');
    expect(data.prompts).toEqual([]);
  }, 60_000);

  it('is linted live', async () => {
    const result = await runLint({ config });
    expect(result.lint!.sets.map((s) => s.tools)).toEqual([1]);
    expect(result.lint!.findings.some((f) => f.ruleId === 'description-exclusions' && f.target === 'get_property')).toBe(true);
  }, 60_000);
});

const failing = fileURLToPath(new URL('../../fixtures/hosts/resources-failing.json', import.meta.url));

// @modelcontextprotocol/server-postgres declares `resources` (its tables) and fails resources/list
// with "connect ECONNREFUSED" when no database answers: lint and snapshot stopped there, losing the tools.
describe('a server whose resources/list fails', () => {
  it('is linted with its tools, and the result warns which list failed and why', async () => {
    const result = await runLint({ config: failing });
    expect(result.verdict.status).not.toBe('error');
    expect(result.lint!.sets.map((s) => s.tools)).toEqual([1]);
    expect(result.lint!.findings.some((f) => f.target === 'query')).toBe(true);
    const warning = result.warnings.find((w) => w.code === 'W_LIST_FAILED');
    expect(warning?.server).toBe('resources-failing');
    expect(warning?.message).toContain('resources/list failed');
    expect(warning?.message).toContain('ECONNREFUSED 127.0.0.1:5432');
    const run = await runCli(['lint', '--config', failing], { timeoutMs: 120_000 });
    expect(run.code, run.stderr).not.toBe(2);
    expect(run.stderr).toContain('toolvet lint: warning: server "resources-failing" declares what resources/list lists, but resources/list failed');
  }, 120_000);

  it('is snapshotted without its resources, and the CLI says so on stderr', async () => {
    const out = tempDir('toolvet-failing-');
    const run = await runCli(['snapshot', '--config', failing, '--out', out], { timeoutMs: 120_000 });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('resources-failing: 1 tools');
    expect(run.stderr).toContain('warning: server "resources-failing" declares what resources/list lists, but resources/list failed');
    const data = JSON.parse(readFileSync(join(out, 'resources-failing.json'), 'utf8'));
    expect(data.tools.map((t: { name: string }) => t.name)).toEqual(['query']);
    expect(data).not.toHaveProperty('resources');
  }, 120_000);
});
