import { outlineBody, perSkill, type SkillRule } from '../../../skills/skill-lint-kit.ts';

/** Spec 2.2: the body opens with a title. */
export const skillBodyTitle: SkillRule = {
  id: 'skill-body-title',
  kind: 'skill',
  defaultSeverity: 'warn',
  description: 'the body has a `# Title` heading',
  spec: '2.2',
  check: (skills) =>
    perSkill(skills, (skill) =>
      skill.readError || outlineBody(skill).title ? [] : [{ path: '$.body', line: skill.bodyLine, message: 'the body has no `# Title` heading' }],
    ),
};
