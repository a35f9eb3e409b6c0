import { descriptionOf } from '../../../skills/skill-file.ts';
import { at, parsed, perSkill, type SkillRule } from '../../../skills/skill-lint-kit.ts';

const EXCLUSION = /\b(?:do\s+not|don['’]t|never)\s+use\b|\bnot\s+for\b/i;

/** Spec 7.8: a skill that triggers wrongly is too broad; the fix is a "Do NOT use for" clause naming the near misses. */
export const skillDescriptionExclusion: SkillRule = {
  id: 'skill-description-exclusion',
  kind: 'skill',
  defaultSeverity: 'warn',
  description: '`description` has a "Do NOT use for ..." clause naming the near misses',
  spec: '7.8',
  check: (skills) =>
    perSkill(skills, (skill) => {
      const text = parsed(skill) ? descriptionOf(skill) : '';
      if (!text || EXCLUSION.test(text)) return [];
      return [{ ...at(skill, 'description'), message: 'no "Do NOT use for ..." clause; name the requests this skill must not take (and the sibling that should)' }];
    }),
};
