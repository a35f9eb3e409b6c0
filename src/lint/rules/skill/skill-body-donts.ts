import { outlineBody, perSkill, type SkillRule } from '../../../skills/skill-lint-kit.ts';

/** Spec 2.2: a "Don't" list names the anti-patterns the model would otherwise fall into. */
export const skillBodyDonts: SkillRule = {
  id: 'skill-body-donts',
  kind: 'skill',
  defaultSeverity: 'warn',
  description: 'the body has a "Don\'t" list of anti-patterns (Don\'t / Avoid / Anti-patterns / Pitfalls / Common mistakes / Red flags / **NEVER:** / ❌ items or tables)',
  spec: '2.2',
  check: (skills) =>
    perSkill(skills, (skill) =>
      skill.readError || outlineBody(skill).donts
        ? []
        : [{ path: '$.body', line: skill.bodyLine, message: 'no "Don\'t" list; add a `## Don\'t` (or Anti-patterns, Common mistakes) section with the mistakes to avoid' }],
    ),
};
