import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ToolvetError } from '../errors.ts';
import { discoverSkills, hostRoots } from './discover.ts';
import { discoveryWarnings } from './lint-skills.ts';
import { cleanSkill } from './testing/skill-rule-table.ts';

const base = mkdtempSync(join(tmpdir(), 'toolvet-discover-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(base, 't-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

describe('discoverSkills', () => {
  it('finds skill folders, a cloned collection two levels down, and reports look-alikes without SKILL.md', () => {
    const dir = tree({
      'user/garden-journal/SKILL.md': cleanSkill(),
      'user/office/README.md': '# clone',
      'user/office/docx/SKILL.md': cleanSkill({ name: 'docx' }),
      'user/office/.git/HEAD': 'ref',
      'user/office/assets/logo.txt': 'a clone may have assets of its own',
      'user/office/broken/references/a.md': 'x',
      'user/notes/todo.txt': 'not a skill',
      'user/wrong-case/skill.md': cleanSkill({ name: 'wrong-case' }),
    });
    const d = discoverSkills([{ dir: join(dir, 'user'), scope: 'user', explicit: true }]);
    expect(d.skills.map((s) => [s.name, s.collection ? 'collection' : 'direct'])).toEqual([
      ['garden-journal', 'direct'],
      ['docx', 'collection'],
    ]);
    expect(d.missing.map((m) => m.reason)).toEqual([expect.stringMatching(/references\/ folder but no SKILL.md/), expect.stringMatching(/holds skill.md; hosts look for SKILL.md exactly/)]);
  });

  it('lets a project skill shadow a user skill of the same name, and says so', () => {
    const dir = tree({ 'user/garden-journal/SKILL.md': cleanSkill(), 'project/garden-journal/SKILL.md': cleanSkill() });
    const d = discoverSkills([
      { dir: join(dir, 'user'), scope: 'user', explicit: true },
      { dir: join(dir, 'project'), scope: 'project', explicit: true },
    ]);
    expect(d.skills).toHaveLength(1);
    expect(d.skills[0].scope).toBe('project');
    expect(d.shadowed).toEqual([{ name: 'garden-journal', kept: join(dir, 'project/garden-journal/SKILL.md'), hidden: join(dir, 'user/garden-journal/SKILL.md'), why: 'project-shadows-user' }]);
  });

  it('accepts one skill folder named directly', () => {
    const dir = tree({ 'garden-journal/SKILL.md': cleanSkill() });
    expect(discoverSkills([{ dir: join(dir, 'garden-journal'), scope: 'project', explicit: true }]).skills.map((s) => s.name)).toEqual(['garden-journal']);
  });

  it('names a missing folder the user gave, and skips an absent host default', () => {
    const missing = join(base, 'nope');
    try {
      discoverSkills([{ dir: missing, scope: 'user', explicit: true }]);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ToolvetError);
      expect((error as ToolvetError).code).toBe('E_FILE_MISSING');
      expect((error as ToolvetError).file).toBe(missing);
    }
    expect(discoverSkills([{ dir: missing, scope: 'user', explicit: false }]).roots).toEqual([{ dir: missing, scope: 'user', explicit: false, exists: false }]);
  });

  it('knows the common hosts\' default folders', () => {
    expect(hostRoots('claude', '/repo').map((r) => r.dir)).toEqual([join(homedir(), '.claude/skills'), '/repo/.claude/skills']);
    expect(() => hostRoots('emacs')).toThrow(/unknown host "emacs"/);
  });

  it('lists SKILL.md files nested inside a skill folder and warns about them, without offering them as skills', () => {
    const dir = tree({
      'project/pdf/SKILL.md': cleanSkill({ name: 'pdf' }),
      'project/pdf/references/forms/SKILL.md': cleanSkill({ name: 'pdf-forms' }),
      'project/pdf/skills/ocr/SKILL.md': cleanSkill({ name: 'pdf-ocr' }),
      'project/pdf/node_modules/x/SKILL.md': cleanSkill({ name: 'vendored' }),
      'project/docx/SKILL.md': cleanSkill({ name: 'docx' }),
    });
    const d = discoverSkills([{ dir: join(dir, 'project'), scope: 'project', explicit: true }]);
    expect(d.skills.map((s) => s.name)).toEqual(['docx', 'pdf']);
    expect(d.nested).toEqual([
      { file: join(dir, 'project/pdf/references/forms/SKILL.md'), parent: join(dir, 'project/pdf') },
      { file: join(dir, 'project/pdf/skills/ocr/SKILL.md'), parent: join(dir, 'project/pdf') },
    ]);
    expect(discoveryWarnings(d).map((w) => [w.code, w.message])).toEqual([
      ['W_SKILL_NESTED', expect.stringMatching(/^2 SKILL\.md file\(s\) sit inside the skill folder .*project\/pdf \(references\/forms\/SKILL\.md, skills\/ocr\/SKILL\.md\); hosts load only a skill folder's own SKILL\.md/)],
    ]);
  });

  it('uses the front-matter name only when it is a safe identifier', () => {
    const dir = tree({ 'user/x/SKILL.md': cleanSkill({ name: '../../etc' }) });
    expect(discoverSkills([{ dir: join(dir, 'user'), scope: 'user', explicit: true }]).skills[0].name).toBe('x');
  });
});
