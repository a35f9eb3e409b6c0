import { hasCue, SITUATION_CUES } from '../../../skills/description-cues.ts';
import { descriptionOf } from '../../../skills/skill-file.ts';
import { at, parsed, perSkill, type SkillRule } from '../../../skills/skill-lint-kit.ts';


/** Spec 2.2 / 7.8: a description that never says when to load the skill is "too general" and never triggers. */
export const skillDescriptionSituation: SkillRule = {
  id: 'skill-description-situation',
  kind: 'skill',
  defaultSeverity: 'warn',
  description: '`description` states the situation in which to load the skill ("Use when ...", "Use for ...", "Triggers on ...", other languages)',
  spec: '7.8',
  check: (skills) =>
    perSkill(skills, (skill) => {
      const text = parsed(skill) ? descriptionOf(skill) : '';
      if (!text || hasCue(text, SITUATION_CUES)) return [];
      return [{ ...at(skill, 'description'), message: 'the description does not say when to load the skill; add "Use when the user ..."' }];
    }),
};
