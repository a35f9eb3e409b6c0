/**
 * A marketplace whose plugins have no plugin.json (fixtures/skills-wild/marketplace-no-manifest): the
 * plugin names come from the marketplace entries, two plugins' `access` skills are two skills, and
 * lint, the trigger eval, `--skill` and a case's `skills` list call them `plugin:access`.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ToolvetError } from '../errors.ts';
import { createModel } from '../models/index.ts';
import { discoverSkills, type SkillRoot } from './discover.ts';
import { lintSkills } from './lint-skills.ts';
import { prepareSkillsEval, runSkillsEval } from './skills-eval-run.ts';
import { skillId } from './skill-file.ts';
import { resolveSkillRef } from './skill-names.ts';
import { runTriggerEval } from './trigger-eval.ts';

const MARKET = 'fixtures/skills-wild/marketplace-no-manifest';
const root = (dir: string): SkillRoot => ({ dir, scope: 'project', explicit: true });
const base = mkdtempSync(join(tmpdir(), 'toolvet-market-names-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('marketplace plugins without plugin.json', () => {
  it('takes each plugin name from its marketplace entry, so two access skills are two skills', () => {
    const d = discoverSkills([root(MARKET)]);
    // In the marketplace's order: slack-bridge is listed first.
    expect(d.skills.map((s) => [s.name, s.plugin, skillId(s)])).toEqual([
      ['access', 'slack-bridge', 'slack-bridge:access'],
      ['access', 'discord-bridge', 'discord-bridge:access'],
      ['send-digest', 'discord-bridge', 'send-digest'],
    ]);
    expect(d.shadowed).toEqual([]);
  });

  it('pointed below the marketplace, with no plugin name in sight, the second access is reported as shadowed', () => {
    // Pointed at plugins/, the marketplace is out of sight: no plugin name to take, so the host's
    // rule for duplicates applies and the second access is reported as shadowed, not dropped silently.
    const d = discoverSkills([root(join(MARKET, 'plugins'))]);
    expect(d.skills.map((s) => s.name)).toEqual(['access', 'send-digest']);
    expect(d.shadowed.map((s) => [s.name, s.why])).toEqual([['access', 'duplicate-name']]);
  });

  it('lint findings name the qualified skill', () => {
    const { report } = lintSkills([root(MARKET)]);
    const targets = new Set(report.findings.map((f) => f.target));
    expect(targets.has('discord-bridge:access')).toBe(true);
    expect(targets.has('slack-bridge:access')).toBe(true);
    expect(targets.has('access')).toBe(false);
  });

  it('the trigger eval offers both qualified names, one per discovered skill', async () => {
    const result = await runSkillsEval({ roots: [root(MARKET)], model: createModel({ kind: 'mock' }), repeat: 1 });
    const trigger = result.skills!.trigger!;
    expect(trigger.offered.sort()).toEqual(['discord-bridge:access', 'send-digest', 'slack-bridge:access']);
    expect(trigger.cases.map((c) => c.id).sort()).toEqual(['discord-bridge:access/1', 'discord-bridge:access/2', 'slack-bridge:access/1', 'slack-bridge:access/2']);
    expect(result.skills!.discovery.skills.map((s) => s.qualifiedName ?? s.name)).toEqual(['slack-bridge:access', 'discord-bridge:access', 'send-digest']);
  });

  it('never offers two skills under one name', async () => {
    const skills = [
      { name: 'access', description: 'Pair a Slack workspace.' },
      { name: 'access', description: 'Pair a Discord server.' },
    ];
    const run = runTriggerEval({ skills, cases: [], model: createModel({ kind: 'mock' }) });
    await expect(run).rejects.toThrow(/2 skills offered under 1 names \(access more than once\)/);
  });

  it('--skill with a bare name two plugins share is a typed error naming both', () => {
    let error: unknown;
    try {
      prepareSkillsEval({ roots: [root(MARKET)], only: ['access'] });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ToolvetError);
    expect((error as ToolvetError).code).toBe('E_USAGE');
    expect((error as ToolvetError).message).toBe('--skill "access", which is both discord-bridge:access and slack-bridge:access');
    expect(prepareSkillsEval({ roots: [root(MARKET)], only: ['slack-bridge:access'] }).evals.size).toBe(1);
  });

  it('a case whose skills list names a bare shared name fails its file, naming both qualified names', () => {
    const dir = join(mkdtempSync(join(base, 'm-')), 'market');
    cpSync(MARKET, dir, { recursive: true });
    const file = join(dir, 'plugins/discord/skills/send-digest/evals/evals.json');
    cpSync(join(dir, 'plugins/discord/skills/access/evals'), join(dir, 'plugins/discord/skills/send-digest/evals'), { recursive: true });
    writeFileSync(file, JSON.stringify({ skills: ['access'], query: 'send the digest', expected_behavior: ['posts a digest'] }));
    const prepared = prepareSkillsEval({ roots: [root(dir)] });
    expect(prepared.evalsErrors.map((e) => [e.skill, e.code, e.message])).toEqual([
      ['send-digest', 'E_FILE_INVALID', `evals file ${file}: $.skills names "access", which is both discord-bridge:access and slack-bridge:access`],
    ]);
    writeFileSync(file, JSON.stringify({ skills: ['slack-bridge:access'], query: 'send the digest', expected_behavior: ['posts a digest'] }));
    expect(prepareSkillsEval({ roots: [root(dir)] }).evals.get('send-digest')?.cases[0].skills).toEqual(['slack-bridge:access']);
  });

  it('resolves a name exactly first, then by its bare part', () => {
    const ids = ['a:x', 'b:x', 'y', 'c:z'];
    expect(resolveSkillRef('y', ids)).toEqual({ state: 'found', id: 'y' });
    expect(resolveSkillRef('z', ids)).toEqual({ state: 'found', id: 'c:z' });
    expect(resolveSkillRef('x', ids)).toEqual({ state: 'ambiguous', ids: ['a:x', 'b:x'] });
    expect(resolveSkillRef('d:x', ids)).toEqual({ state: 'unknown' });
  });
});
