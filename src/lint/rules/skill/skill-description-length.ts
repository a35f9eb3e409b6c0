import { descriptionOf } from '../../../skills/skill-file.ts';
import { at, parsed, perSkill, type SkillRule } from '../../../skills/skill-lint-kit.ts';

/** Hosts cut or reject longer descriptions; the limit common to them is 1024 characters. */
export const skillDescriptionLength: SkillRule = {
  id: 'skill-description-length',
  kind: 'skill',
  defaultSeverity: 'error',
  description: '`description` is at most 1024 characters',
  spec: '2.2',
  check: (skills, context) =>
    perSkill(skills, (skill) => {
      const length = parsed(skill) ? descriptionOf(skill).length : 0;
      const max = context.settings.maxDescription;
      return length > max ? [{ ...at(skill, 'description'), message: `\`description\` is ${length} characters; the limit is ${max}` }] : [];
    }),
};
