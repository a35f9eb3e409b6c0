import { isSafeSkillName } from '../../../skills/skill-file.ts';
import { at, parsed, perSkill, type SkillRule } from '../../../skills/skill-lint-kit.ts';

/** Hosts find a skill by its folder and show it by its name; the two must agree. */
export const skillNameMatchesFolder: SkillRule = {
  id: 'skill-name-matches-folder',
  kind: 'skill',
  defaultSeverity: 'error',
  description: '`name` equals the name of the folder holding SKILL.md',
  spec: '2.1',
  check: (skills) =>
    perSkill(skills, (skill) => {
      const name = skill.frontMatter.data.name;
      // A malformed name is skill-name-format's finding; say the mismatch only for a well-formed one.
      if (!parsed(skill) || !isSafeSkillName(name) || name === skill.folderName) return [];
      return [{ ...at(skill, 'name'), message: `\`name\` "${name}" differs from the folder name "${skill.folderName}"; rename one of them` }];
    }),
};
