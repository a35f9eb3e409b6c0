import { perSkill, type SkillRule } from '../../../skills/skill-lint-kit.ts';

/** Spec 8.3: a minimum viable skill is about 50 lines; a shorter one usually lacks steps or the "Don't" list. */
export const skillSize: SkillRule = {
  id: 'skill-size',
  kind: 'skill',
  defaultSeverity: 'info',
  description: 'SKILL.md is at least about 50 lines, the minimum viable size',
  spec: '8.3',
  check: (skills, context) =>
    perSkill(skills, (skill) =>
      skill.readError || skill.lineCount >= context.settings.minLines
        ? []
        : [{ path: '$', message: `SKILL.md has ${skill.lineCount} lines, under the ~${context.settings.minLines}-line minimum viable skill` }],
    ),
};
