import { at, parsed, perSkill, type SkillRule } from '../../../skills/skill-lint-kit.ts';

/** Spec 2.2: the description is all a host reads when it decides to load the skill. */
export const skillDescriptionPresent: SkillRule = {
  id: 'skill-description-present',
  kind: 'skill',
  defaultSeverity: 'error',
  description: '`description` is present and a non-empty string',
  spec: '2.2',
  check: (skills) =>
    perSkill(skills, (skill) => {
      if (!parsed(skill)) return [];
      const value = skill.frontMatter.data.description;
      if (typeof value === 'string' && value.trim() !== '') return [];
      const message = value === undefined ? '`description` is missing; the host cannot tell when to load the skill' : '`description` must be a non-empty string';
      return [{ ...at(skill, 'description'), path: '$.frontMatter.description', message }];
    }),
};
