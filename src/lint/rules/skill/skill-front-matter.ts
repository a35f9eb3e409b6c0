import { perSkill, type SkillRule } from '../../../skills/skill-lint-kit.ts';

/** Spec 2.2: front matter between `---` lines; hosts skip a skill whose front matter does not parse. */
export const skillFrontMatter: SkillRule = {
  id: 'skill-front-matter',
  kind: 'skill',
  defaultSeverity: 'error',
  description: 'SKILL.md opens with front matter between `---` lines that parses as YAML (errors name the line)',
  spec: '2.2',
  check: (skills) =>
    perSkill(skills, (skill) => {
      const fm = skill.frontMatter;
      if (skill.readError) return [{ path: '$', message: `cannot read SKILL.md: ${skill.readError}` }];
      if (!fm.present) return [{ path: '$.frontMatter', line: 1, message: 'no front matter: SKILL.md must open with a `---` line, then name and description, then `---`' }];
      if (!fm.closed) return [{ path: '$.frontMatter', line: 1, message: 'front matter is never closed: add a `---` line after the last key' }];
      if (fm.error) {
        return [{ path: '$.frontMatter', ...(fm.error.line ? { line: fm.error.line } : {}), message: `front matter is not valid YAML${fm.error.line ? ` at line ${fm.error.line}` : ''}: ${fm.error.message}` }];
      }
      return [];
    }),
};
