import { outlineBody, perSkill, type SkillRule } from '../../../skills/skill-lint-kit.ts';

/** Spec 2.2: a context statement tells the model what situation it is in before the steps. */
export const skillBodyContext: SkillRule = {
  id: 'skill-body-context',
  kind: 'skill',
  defaultSeverity: 'warn',
  description: 'the body has a context statement: a paragraph of prose before the steps',
  spec: '2.2',
  check: (skills) =>
    perSkill(skills, (skill) => {
      if (skill.readError) return [];
      const outline = outlineBody(skill);
      // `## 1. Purpose` numbers a section, and the context statement may well sit in it.
      const firstStep = outline.steps.find((step) => !step.numberedHeading)?.line ?? Number.POSITIVE_INFINITY;
      if (outline.context && outline.context.line < firstStep) return [];
      return [{ path: '$.body', line: outline.title?.line ?? skill.bodyLine, message: 'no context statement before the steps; say in a sentence or two what situation the skill is for' }];
    }),
};
