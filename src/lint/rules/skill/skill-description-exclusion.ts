import { EXCLUSION_CUES, hasCue, hasRedirect } from '../../../skills/description-cues.ts';
import { descriptionOf } from '../../../skills/skill-file.ts';
import { at, parsed, perSkill, type SkillRule } from '../../../skills/skill-lint-kit.ts';


/** Spec 7.8: a skill that triggers wrongly is too broad; the fix is a "Do NOT use for" clause naming the near misses. */
export const skillDescriptionExclusion: SkillRule = {
  id: 'skill-description-exclusion',
  kind: 'skill',
  defaultSeverity: 'warn',
  description: '`description` has a "Do NOT use for ..." clause or a "For X use Y" redirect naming the near misses',
  spec: '7.8',
  check: (skills) =>
    perSkill(skills, (skill) => {
      const text = parsed(skill) ? descriptionOf(skill) : '';
      if (!text || hasCue(text, EXCLUSION_CUES) || hasRedirect(text)) return [];
      return [{ ...at(skill, 'description'), message: 'no "Do NOT use for ..." clause; name the requests this skill must not take (and the sibling that should)' }];
    }),
};
