import { outlineBody, perSkill, type SkillRule } from '../../../skills/skill-lint-kit.ts';

/** Spec 2.2: the instructions are a numbered list of steps. */
export const skillBodySteps: SkillRule = {
  id: 'skill-body-steps',
  kind: 'skill',
  defaultSeverity: 'warn',
  description: 'the body has a numbered list of steps',
  spec: '2.2',
  check: (skills) =>
    perSkill(skills, (skill) =>
      skill.readError || outlineBody(skill).steps.length > 0 ? [] : [{ path: '$.body', line: skill.bodyLine, message: 'no numbered steps ("1. ...") in the body' }],
    ),
};
