import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanSkill, skillRuleTable } from '../../../skills/testing/skill-rule-table.ts';
import { escapingLinks, skillSymlinkEscape } from './skill-symlink-escape.ts';
import { tempDir } from '../../../testing/temp-dir.ts';

skillRuleTable(skillSymlinkEscape, {
  valid: [{ name: 'plain files', user: { 'garden-journal/SKILL.md': cleanSkill(), 'garden-journal/references/a.md': 'x' } }],
  invalid: [],
});

describe('escapingLinks (symlinks are made on disk, which the table cannot write)', () => {
  const dir = tempDir('toolvet-symlink-');
  const skill = join(dir, 'garden-journal');
  mkdirSync(join(skill, 'references'), { recursive: true });
  writeFileSync(join(skill, 'SKILL.md'), cleanSkill());
  writeFileSync(join(skill, 'references', 'inside.md'), 'x');
  writeFileSync(join(dir, 'shared.md'), 'x');
  symlinkSync('inside.md', join(skill, 'references', 'alias.md'));
  symlinkSync('../../shared.md', join(skill, 'references', 'shared.md'));
  symlinkSync('/etc', join(skill, 'etc'));
  symlinkSync('missing.md', join(skill, 'dangling.md'));

  it('flags links that leave the folder, not links inside it or dangling ones', () => {
    expect(escapingLinks(skill).map((l) => l.target).sort()).toEqual(['../../shared.md', '/etc']);
  });

  it('reports each with the link and its target', () => {
    const findings = skillSymlinkEscape.check([{ name: 'garden-journal', folder: skill, file: join(skill, 'SKILL.md') } as never], {} as never);
    expect(findings.map((f) => f.message).sort()).toEqual([
      'etc is a symlink to /etc, outside the skill folder; copy the file in (a copied or zipped skill loses it)',
      'references/shared.md is a symlink to ../../shared.md, outside the skill folder; copy the file in (a copied or zipped skill loses it)',
    ]);
  });
});
