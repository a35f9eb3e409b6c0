import { MAX_NAME_LENGTH } from '../../../skills/skill-file.ts';
import { at, parsed, perSkill, type SkillRule } from '../../../skills/skill-lint-kit.ts';

function problem(name: unknown): string | undefined {
  if (name === undefined || name === null || name === '') return '`name` is missing';
  if (typeof name !== 'string') return `\`name\` must be a string, not ${Array.isArray(name) ? 'a list' : typeof name}`;
  if (name.length > MAX_NAME_LENGTH) return `\`name\` is ${name.length} characters; the limit is ${MAX_NAME_LENGTH}`;
  if (/[A-Z]/.test(name)) return `\`name\` "${name}" has capitals; use lowercase words joined by hyphens`;
  if (name.startsWith('-') || name.endsWith('-')) return `\`name\` "${name}" starts or ends with a hyphen`;
  if (name.includes('--')) return `\`name\` "${name}" has a double hyphen`;
  if (!/^[a-z0-9-]+$/.test(name)) return `\`name\` "${name}" may hold only lowercase letters, digits and single hyphens`;
  return undefined;
}

/** Spec 2.2: the skill identifier is lowercase words joined by hyphens, 1-64 characters. */
export const skillNameFormat: SkillRule = {
  id: 'skill-name-format',
  kind: 'skill',
  defaultSeverity: 'error',
  description: '`name` is lowercase words joined by single hyphens, 1-64 characters',
  spec: '2.2',
  check: (skills) =>
    perSkill(skills, (skill) => {
      if (!parsed(skill)) return [];
      const message = problem(skill.frontMatter.data.name);
      return message ? [{ ...at(skill, 'name'), message }] : [];
    }),
};
