/**
 * Discovery of the layouts public collections use (fixtures/skills-wild reproduces each one), special
 * files that must never block or be read without bound, and skill names that are Object.prototype keys.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/testing.ts';
import { createModel } from '../models/index.ts';
import { discoverSkills, hostRoots, type SkillRoot } from './discover.ts';
import { globToRegExp } from './discover-walk.ts';
import { lintSkills } from './lint-skills.ts';
import { runSkillsEval } from './skills-eval-run.ts';
import { cleanSkill } from './testing/skill-rule-table.ts';

const WILD = 'fixtures/skills-wild';
// Tests that run the CLI several times: minutes on a loaded 2-core machine.
const SLOW = 300_000;
const base = mkdtempSync(join(tmpdir(), 'toolvet-layouts-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
const root = (dir: string, scope: SkillRoot['scope'] = 'project'): SkillRoot => ({ dir, scope, explicit: true });
const names = (dir: string, options = {}) => discoverSkills([root(dir)], options).skills.map((s) => s.name).sort();

describe('discovery of published layouts', () => {
  it('finds skills in hidden group folders and says they are hidden', () => {
    const d = discoverSkills([root(`${WILD}/hidden-groups/skills`)]);
    expect(d.skills.map((s) => [s.name, s.hidden])).toEqual([
      ['ci-log-reader', '.curated'],
      ['plan-writer', '.system'],
    ]);
    expect(d.hidden.map((h) => h.folder)).toEqual(['.curated', '.system']);
  });

  it('finds a marketplace repository: plugins/<plugin>/skills/<skill> and a folder a plugin.json names', () => {
    const d = discoverSkills([root(`${WILD}/plugin-marketplace`)]);
    expect(d.skills.map((s) => s.name).sort()).toEqual(['meeting-notes', 'trace-calls', 'triage-finding']);
    expect(d.skills.find((s) => s.name === 'meeting-notes')?.manifest).toMatch(/notes-kit\/\.claude-plugin\/plugin\.json$/);
    // A plugin with scripts/ but no skills is a plugin, not "a skill missing its SKILL.md".
    expect(d.missing).toEqual([]);
  });

  it('two plugins may each have a skill of one name: plugin skills are namespaced, not shadowed', () => {
    const dir = mkdtempSync(join(base, 'plugins-'));
    for (const plugin of ['discord', 'telegram']) {
      mkdirSync(join(dir, plugin, '.claude-plugin'), { recursive: true });
      writeFileSync(join(dir, plugin, '.claude-plugin', 'plugin.json'), JSON.stringify({ name: plugin }));
      mkdirSync(join(dir, plugin, 'skills', 'access'), { recursive: true });
      writeFileSync(join(dir, plugin, 'skills', 'access', 'SKILL.md'), cleanSkill({ name: 'access' }));
    }
    const d = discoverSkills([root(dir)]);
    expect(d.skills.map((s) => `${s.plugin}:${s.name}`)).toEqual(['discord:access', 'telegram:access']);
    expect(d.shadowed).toEqual([]);
  });

  it('finds the same skills when pointed at plugins/, and through the manifests when the depth is 1', () => {
    expect(names(`${WILD}/plugin-marketplace/plugins`)).toEqual(['meeting-notes', 'trace-calls', 'triage-finding']);
    expect(discoverSkills([root(`${WILD}/plugin-marketplace/plugins`)]).missing).toEqual([]);
    expect(names(`${WILD}/plugin-marketplace`, { maxDepth: 1 })).toEqual(['meeting-notes', 'trace-calls', 'triage-finding']);
  });

  it('finds a repository cloned into a skills folder that keeps its skills under skills/', () => {
    const d = discoverSkills([root(`${WILD}/claude-home/skills`, 'user')]);
    expect(d.skills.map((s) => [s.name, s.collection?.endsWith('toolbox-clone') ?? false])).toEqual([
      ['my-own-skill', false],
      ['changelog-writer', true],
      ['test-first', true],
    ]);
    expect(d.missing).toEqual([]);
  });

  it('follows linked-in skill folders and collections, but never walks another linked folder outside the root', () => {
    const dir = mkdtempSync(join(base, 'links-'));
    const elsewhere = mkdtempSync(join(base, 'elsewhere-'));
    mkdirSync(join(elsewhere, 'linked-skill'));
    writeFileSync(join(elsewhere, 'linked-skill', 'SKILL.md'), cleanSkill({ name: 'linked-skill' }));
    mkdirSync(join(elsewhere, 'deep', 'nested-skill'), { recursive: true });
    writeFileSync(join(elsewhere, 'deep', 'nested-skill', 'SKILL.md'), cleanSkill({ name: 'nested-skill' }));
    symlinkSync(join(elsewhere, 'linked-skill'), join(dir, 'linked-skill'));
    symlinkSync(join(elsewhere, 'deep'), join(dir, 'linked-collection'));
    symlinkSync('/', join(dir, 'root-link'));
    expect(names(dir)).toEqual(['linked-skill', 'nested-skill']);
  });

  it('lets the user set the depth and a pattern', () => {
    expect(names(`${WILD}/claude-home/skills`, { maxDepth: 1 })).toEqual(['my-own-skill']);
    expect(names(`${WILD}/plugin-marketplace`, { pattern: 'plugins/*/skills/*' })).toEqual(['trace-calls', 'triage-finding']);
    expect(globToRegExp('plugins/**/SKILL').test('plugins/a/b/SKILL')).toBe(true);
    expect(globToRegExp('skills/*').test('skills/a/b')).toBe(false);
  });

  it('knows the host folders of Claude Code, Codex, Cursor and the agents standard', () => {
    expect(hostRoots('codex', '/repo').map((r) => r.dir)).toContain('/repo/.agents/skills');
    expect(hostRoots('cursor', '/repo').map((r) => r.dir)).toEqual(expect.arrayContaining(['/repo/.cursor/skills', '/repo/.agents/skills', '/repo/.claude/skills']));
    expect(hostRoots('agents', '/repo').map((r) => r.dir)).toContain('/repo/.agents/skills');
    expect(() => hostRoots('__proto__')).toThrow(/unknown host/);
  });

  it('skills lint and skills eval exit non-zero with a clear message when no skill is found', async () => {
    const empty = mkdtempSync(join(base, 'empty-'));
    mkdirSync(join(empty, 'notes'));
    const lint = await runCli(['skills', 'lint', empty], { timeoutMs: 240_000 });
    expect(lint.code).toBe(1);
    expect(lint.stdout).toContain(`warning W_NO_SKILLS: no SKILL.md found in ${empty}`);
    expect(lint.stdout).toMatch(/hint: .*--depth.*--pattern/);
    const evalRun = await runCli(['skills', 'eval', empty, '--model', 'mock'], { timeoutMs: 240_000 });
    expect(evalRun.code).toBe(1);
    expect(evalRun.stdout).toContain('W_NO_SKILLS');
    expect(evalRun.stdout).toContain('FAIL: no skills found');
  }, SLOW);

  it('skills lint prints hidden skills as such, with --pattern and --depth on the command line', async () => {
    const run = await runCli(['skills', 'lint', `${WILD}/hidden-groups/skills`, '--depth', '2', '--format', 'json'], { timeoutMs: 240_000 });
    const result = JSON.parse(run.stdout) as { warnings: Array<{ code: string; message: string }>; skills: { discovery: { skills: Array<{ name: string; hidden?: string }> } } };
    expect(result.skills.discovery.skills.map((s) => s.hidden)).toEqual(['.curated', '.system']);
    expect(result.warnings.filter((w) => w.code === 'W_SKILL_HIDDEN_FOLDER').map((w) => w.message)).toEqual([
      expect.stringMatching(/^1 skill\(s\) sit below the hidden folder \.curated \(ci-log-reader\)/),
      expect.stringMatching(/^1 skill\(s\) sit below the hidden folder \.system \(plan-writer\)/),
    ]);
    const patterned = await runCli(['skills', 'lint', `${WILD}/plugin-marketplace`, '--pattern', 'plugins/notes-kit/**', '--format', 'json'], { timeoutMs: 240_000 });
    expect((JSON.parse(patterned.stdout) as typeof result).skills.discovery.skills.map((s) => s.name)).toEqual(['meeting-notes']);
  }, SLOW);
});

describe('special files are refused, never read', () => {
  const make = (setup: (skill: string) => void): string => {
    const dir = mkdtempSync(join(base, 'special-'));
    const skill = join(dir, 'odd-skill');
    mkdirSync(skill);
    setup(skill);
    return dir;
  };

  it.each([
    ['a FIFO SKILL.md', (s: string) => execFileSync('mkfifo', [join(s, 'SKILL.md')]), /FIFO/],
    ['a symlink to /dev/zero', (s: string) => symlinkSync('/dev/zero', join(s, 'SKILL.md')), /character device \(a symlink to \/dev\/zero\)/],
    ['a symlink out of the skill folder', (s: string) => {
      writeFileSync(join(s, '..', 'outside.md'), cleanSkill({ name: 'odd-skill' }));
      symlinkSync('../outside.md', join(s, 'SKILL.md'));
    }, /outside the skill folder/],
    ['a folder named SKILL.md', (s: string) => mkdirSync(join(s, 'SKILL.md')), /a folder/],
  ])('%s: a coded read error, and lint reports it', (_name, setup, message) => {
    const dir = make(setup);
    const [skill] = discoverSkills([root(dir)]).skills;
    expect(skill.readErrorCode).toBe('E_FILE_SPECIAL');
    expect(skill.readError).toMatch(message);
    const { report } = lintSkills([root(dir)]);
    expect(report.findings.find((f) => f.ruleId === 'skill-front-matter')?.message).toMatch(message);
  });

  it('a FIFO evals.json is refused for that skill, and the CLI ends', async () => {
    const dir = make((s) => {
      writeFileSync(join(s, 'SKILL.md'), cleanSkill({ name: 'odd-skill' }));
      mkdirSync(join(s, 'evals'));
      execFileSync('mkfifo', [join(s, 'evals', 'evals.json')]);
    });
    const { report } = lintSkills([root(dir)]);
    expect(report.findings.find((f) => f.ruleId === 'skill-evals-file')?.message).toMatch(/FIFO/);
    const run = await runCli(['skills', 'eval', dir, '--model', 'mock'], { timeoutMs: 240_000 });
    expect(run.signal).toBeNull();
    // The only evals file did not load, so nothing ran: an input error (exit 3) naming the file.
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/E_FILE_SPECIAL: evals file .*evals\.json is a FIFO/);
  }, SLOW);
});

describe('skill names that are Object.prototype keys', () => {
  it('__proto__, constructor and toString are names like any other in discovery, lint and the trigger eval', async () => {
    const dir = mkdtempSync(join(base, 'proto-'));
    const skills: Record<string, string> = {
      __proto__: 'Look up prototype chains in JavaScript objects. Use when the user asks about __proto__ or inheritance.',
      constructor: 'Build class constructors for TypeScript classes. Use when the user asks to write a constructor.',
      toString: 'Format values as display strings. Use when the user asks how a value prints as text.',
    };
    for (const name of ['__proto__', 'constructor', 'toString']) {
      mkdirSync(join(dir, name, 'evals'), { recursive: true });
      writeFileSync(join(dir, name, 'SKILL.md'), `---\nname: ${name}\ndescription: ${JSON.stringify(skills[name])}\nconstructor: x\n---\n\n# ${name}\n\nText.\n`);
      writeFileSync(join(dir, name, 'evals', 'evals.json'), JSON.stringify([{ query: `help me with ${name} please`, should_trigger: true }]));
    }
    const d = discoverSkills([root(dir)]);
    expect(d.skills.map((s) => s.name).sort()).toEqual(['__proto__', 'constructor', 'toString']);
    const { report } = lintSkills([root(dir)]);
    expect(report.findings.some((f) => f.ruleId === 'skill-unknown-key' && f.message.includes('"constructor"'))).toBe(true);
    const model = createModel({ kind: 'mock' });
    const result = await runSkillsEval({ roots: [root(dir)], model, repeat: 1 });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'constructor')).toBe(true);
    // `__proto__` and `toString` are not valid names, so a host skips them (and says so); `constructor` runs.
    expect(result.warnings.filter((w) => w.code === 'W_SKILL_UNUSABLE')).toHaveLength(2);
    const trigger = result.skills!.trigger!;
    expect(trigger.cases.map((c) => c.skill)).toEqual(['constructor']);
    expect(Object.keys(trigger.confusion)).toEqual(['constructor']);
    for (const row of Object.values(trigger.confusion)) for (const n of Object.values(row)) expect(typeof n).toBe('number');
    expect(JSON.parse(JSON.stringify(result)).skills.discovery.skills.map((s: { name: string }) => s.name).sort()).toEqual(['__proto__', 'constructor', 'toString']);
  });
});
