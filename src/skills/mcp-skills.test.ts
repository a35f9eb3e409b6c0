/**
 * Skills served over MCP (SEP-2640): our v2 fixture server serves two skills as `skill://` resources;
 * discovery lists them beside folder skills, skills lint and the trigger eval treat them like folder
 * skills with the URI as location, and a server that fails or serves none costs nothing else.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture, runCli } from '../cli/testing.ts';
import { discoverSkills } from './discover.ts';
import { fetchMcpSkills, pathInSkill } from './mcp-skills.ts';
import { tempDir } from '../testing/temp-dir.ts';

function hostConfig(servers: Record<string, unknown>): string {
  const file = join(tempDir('toolvet-mcp-skills-test-'), 'host.json');
  writeFileSync(file, JSON.stringify({ mcpServers: servers }));
  return file;
}

const skillsServer = { command: process.execPath, args: [fixture('servers/skills-server.mjs')] };

describe('pathInSkill', () => {
  it.each([
    ['skill://a/SKILL.md', 'skill://a/SKILL.md', 'SKILL.md'],
    ['skill://a/SKILL.md', 'skill://a/references/policy.md', 'references/policy.md'],
    ['skill://org/a/SKILL.md', 'skill://org/a/evals/evals.json', 'evals/evals.json'],
    ['skill://a/SKILL.md', 'skill://a/my%20notes.md', 'my notes.md'],
    ['skill://a/SKILL.md', 'skill://a/../b/SKILL.md', undefined],
    ['skill://a/SKILL.md', 'skill://a/%2E%2E/etc/passwd', undefined],
    ['skill://a/SKILL.md', 'skill://b/SKILL.md', undefined],
    ['skill://a/SKILL.md', 'skill://a//abs', undefined],
    ['skill://a/README.md', 'skill://a/x.md', undefined],
  ])('%s + %s -> %s', (skill, uri, expected) => {
    expect(pathInSkill(skill, uri)).toBe(expected);
  });
});

describe('skills served over MCP', () => {
  it('are fetched with their files, located by their skill:// URI, and listed after folder skills', async () => {
    const served = await fetchMcpSkills({ config: hostConfig({ skills: skillsServer, echo: { command: process.execPath, args: [fixture('servers/echo.mjs')] } }) });
    try {
      expect(served.warnings).toEqual([]);
      expect(served.skills.map((s) => [s.name, s.file])).toEqual([
        ['stock-notes', 'skill://stock-notes/SKILL.md'],
        ['warehouse-restock', 'skill://warehouse-restock/SKILL.md'],
      ]);
      const restock = served.skills[1];
      expect(restock.frontMatter.data.description).toMatch(/^Plan restocking/);
      expect(readFileSync(join(restock.folder, 'references', 'policy.md'), 'utf8')).toContain('Reorder 20 units');
      expect(existsSync(join(restock.folder, 'evals', 'evals.json'))).toBe(true);
      const discovery = discoverSkills([{ dir: fixture('skills/project'), scope: 'project', explicit: true }], { served: served.skills });
      expect(discovery.skills.map((s) => s.name)).toEqual(['reference-manager', 'stock-notes', 'warehouse-restock']);
    } finally {
      served.dispose();
    }
    expect(existsSync(served.skills[1].folder)).toBe(false);
  });

  it('a server that does not start is a warning for it alone', async () => {
    const served = await fetchMcpSkills({ config: hostConfig({ skills: skillsServer, broken: { command: process.execPath, args: [fixture('servers/faults/exit-at-start.mjs')] } }) });
    try {
      expect(served.skills.map((s) => s.name)).toEqual(['stock-notes', 'warehouse-restock']);
      expect(served.warnings).toEqual([expect.objectContaining({ code: 'W_SKILL_SERVER', server: 'broken', message: expect.stringContaining('E_SERVER_START') })]);
    } finally {
      served.dispose();
    }
  });

  it('skills lint and the trigger eval take them like folder skills', async () => {
    const config = hostConfig({ skills: skillsServer });
    const empty = tempDir('toolvet-no-skills-');
    const lint = await runCli(['skills', 'lint', empty, '--config', config, '--format', 'json']);
    const result = JSON.parse(lint.stdout) as { skills: { discovery: { skills: Array<{ name: string; file: string }> }; lint: { findings: Array<{ file: string; ruleId?: string; rule?: string }> } } };
    expect(result.skills.discovery.skills.map((s) => s.file)).toEqual(['skill://stock-notes/SKILL.md', 'skill://warehouse-restock/SKILL.md']);
    const stockNotes = result.skills.lint.findings.filter((f) => f.file === 'skill://stock-notes/SKILL.md');
    expect(stockNotes.length).toBeGreaterThan(0);
    const text = await runCli(['skills', 'lint', empty, '--config', config]);
    expect(text.stdout).toContain('skill://stock-notes/SKILL.md:3');

    const trigger = await runCli(['skills', 'eval', empty, '--config', config, '--no-behaviour', '--json', join(empty, 'eval.json')]);
    expect(trigger.code).toBe(0);
    const evalResult = JSON.parse(readFileSync(join(empty, 'eval.json'), 'utf8')) as { skills: { trigger: { cases: Array<{ skill: string; id: string; pass: boolean }> } } };
    expect(evalResult.skills.trigger.cases.filter((c) => c.skill === 'warehouse-restock').map((c) => c.id).sort()).toEqual(['warehouse-restock/poem', 'warehouse-restock/pricing', 'warehouse-restock/restock-week', 'warehouse-restock/running-low']);
  });
});

describe('a served skill whose files cannot be laid out', () => {
  const hostile = { command: process.execPath, args: [fixture('servers/faults/hostile-skills.mjs')] };

  it('is left out alone, with a warning naming the file and why; the sound skills of every server stay', async () => {
    const served = await fetchMcpSkills({ config: hostConfig({ hostile, skills: skillsServer }) });
    try {
      expect(served.skills.map((s) => s.file)).toEqual(['skill://sound-skill/SKILL.md', 'skill://stock-notes/SKILL.md', 'skill://warehouse-restock/SKILL.md']);
      expect(served.warnings.map((w) => [w.code, w.server, /serves skill (\S+)/.exec(w.message)?.[1], /: (E[A-Z]+)\)/.exec(w.message)?.[1]])).toEqual([
        ['W_SKILL_UNUSABLE', 'hostile', 'skill://file-and-folder/SKILL.md', expect.stringMatching(/^(EEXIST|ENOTDIR)$/)],
        ['W_SKILL_UNUSABLE', 'hostile', 'skill://long-name/SKILL.md', 'ENAMETOOLONG'],
      ]);
    } finally {
      served.dispose();
    }
  });

  it('skills lint --config lints every other skill (once E_INTERNAL ENAMETOOLONG for all)', async () => {
    const empty = tempDir('toolvet-no-skills-');
    const run = await runCli(['skills', 'lint', empty, '--config', hostConfig({ hostile, skills: skillsServer }), '--format', 'json']);
    expect(run.stderr).not.toContain('E_INTERNAL');
    const result = JSON.parse(run.stdout) as { skills: { discovery: { skills: Array<{ file: string }> } } };
    expect(result.skills.discovery.skills.map((s) => s.file)).toEqual(['skill://sound-skill/SKILL.md', 'skill://stock-notes/SKILL.md', 'skill://warehouse-restock/SKILL.md']);
  }, 60_000);
});
