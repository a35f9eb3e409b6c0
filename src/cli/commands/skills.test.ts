import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SKILL_RULES } from '../../lint/rules/skill/index.ts';
import type { ToolvetResult } from '../../report/model.ts';
import { startFaultEndpoint } from '../../models/testing/fault-endpoint.ts';
import { textAnswer } from '../../models/testing/replies.ts';
import { runCli } from '../testing.ts';
import { tempDir } from '../../testing/temp-dir.ts';

const GOOD = ['fixtures/skills/project', '--user-dir', 'fixtures/skills/user'];
const BROKEN = ['fixtures/skills-broken/project', '--user-dir', 'fixtures/skills-broken/user'];

describe('toolvet skills lint', () => {
  it('passes on the bundled skills', async () => {
    const run = await runCli(['skills', 'lint', ...GOOD]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('0 error(s), 0 warning(s), 0 info');
  });

  it('fails on the broken set, naming every rule, in JSON', async () => {
    const run = await runCli(['skills', 'lint', ...BROKEN, '--format', 'json']);
    expect(run.code).toBe(1);
    const result = JSON.parse(run.stdout) as ToolvetResult;
    expect(result.command).toBe('skills lint');
    expect(result.verdict.status).toBe('fail');
    const lint = result.skills!.lint!;
    expect(lint.failed).toBe(true);
    expect(new Set(lint.findings.map((f) => f.ruleId))).toEqual(new Set(Object.keys(SKILL_RULES)));
    expect(result.skills!.discovery.shadowed).toHaveLength(1);
    expect(result.skills!.discovery.missing).toHaveLength(1);
  });

  it('writes SARIF with file locations and lines', async () => {
    const out = join(tempDir('toolvet-skills-'), 'skills.sarif');
    const run = await runCli(['skills', 'lint', ...BROKEN, '--format', 'sarif', '--output', out, '--fail-on', 'info']);
    expect(run.code).toBe(1);
    const sarif = JSON.parse(readFileSync(out, 'utf8')) as { version: string; runs: Array<{ results: Array<{ ruleId: string; locations: Array<{ physicalLocation?: { artifactLocation: { uri: string }; region?: { startLine: number } } }> }> }> };
    expect(sarif.version).toBe('2.1.0');
    const yaml = sarif.runs[0].results.find((r) => r.ruleId === 'skill-front-matter' && r.locations[0].physicalLocation?.artifactLocation.uri.includes('bad-yaml'));
    expect(yaml?.locations[0].physicalLocation?.region?.startLine).toBe(4);
  });

  it('a folder that does not exist is bad input (exit 3)', async () => {
    const run = await runCli(['skills', 'lint', 'fixtures/no-such-skills']);
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/E_FILE_MISSING: skills folder .*no-such-skills does not exist/);
  });
});

describe('toolvet skills eval', () => {
  it('prints the confusion matrix and writes the skills section as JSON', async () => {
    const out = join(tempDir('toolvet-skills-'), 'result.json');
    const run = await runCli(['skills', 'eval', ...GOOD, '--no-behaviour', '--json', out]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/expected \(positives\) \\ loaded/);
    expect(run.stdout).toMatch(/PASS/);
    const result = JSON.parse(readFileSync(out, 'utf8')) as ToolvetResult;
    expect(result.command).toBe('skills eval');
    expect(result.skills?.trigger?.confusion.xlsx).toEqual({ xlsx: 9 });
    expect(result.skills?.discovery.skills.find((s) => s.name === 'pptx')).toMatchObject({ scope: 'user', dialect: 'trigger-set', cases: 5 });
  });

  it('runs behaviours against the live server and exits 1 when one fails', async () => {
    const run = await runCli(['skills', 'eval', ...GOOD, '--skill', 'reference-manager', '--config', 'fixtures/hosts/example.json', '--server', 'refman', '--no-trigger']);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/reference-manager\/coral .*Calls search_items/);
    expect(run.stdout).toMatch(/W_BEHAVIOUR_UNSCORED/);
    expect(run.stdout).toMatch(/FAIL: \d behaviour\(s\) failed/);
  });

  it('an LLM judge whose answer is not JSON makes those behaviours errors (exit 2), never passes', async () => {
    const judge = await startFaultEndpoint(() => textAnswer('Looks good to me!'));
    try {
      const out = join(tempDir('toolvet-skills-'), 'result.json');
      const run = await runCli([
        'skills', 'eval', ...GOOD, '--skill', 'reference-manager', '--no-trigger', '--no-baseline',
        '--config', 'fixtures/hosts/example.json', '--server', 'refman',
        '--judge-base-url', judge.url, '--judge-model-name', 'fault-model', '--json', out,
      ]);
      expect(run.code).toBe(2);
      const result = JSON.parse(readFileSync(out, 'utf8')) as ToolvetResult;
      const judged = result.skills!.behaviour!.behaviours.filter((b) => b.judge === 'llm');
      expect(judged.map((b) => b.state)).toEqual(['errored', 'errored']);
      const score = result.skills!.behaviour!.cases.flatMap((c) => c.runs[0].scores).find((x) => x.judge === 'llm');
      expect(score?.error?.code).toBe('E_JUDGE_ANSWER');
      expect(result.verdict.status).toBe('error');
      expect(judge.requests.filter((r) => r.method === 'POST')).toHaveLength(2);
    } finally {
      await judge.close();
    }
  });

  it('an invalid evals file stops the run before anything starts (exit 3), naming file and path', async () => {
    const run = await runCli(['skills', 'eval', 'fixtures/skills-broken/user/bad-evals']);
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/E_FILE_INVALID/);
    expect(run.stderr).toMatch(/bad-evals\/evals\/evals\.json at \$\.evals\[0\]\.expected_behaviour/);
  });
});
