import { descriptionOf } from '../../../skills/skill-file.ts';
import { at, parsed, perSkill, type SkillRule } from '../../../skills/skill-lint-kit.ts';

const SITUATION = /\b(?:use|load|apply|invoke|trigger|call)\w*\b[^.]{0,60}?\bwhen(?:ever)?\b|\bwhen(?:ever)?\s+(?:the\s+)?(?:user|you|someone|asked)\b|\bfor\s+requests?\b/i;

/** Spec 2.2 / 7.8: a description that never says when to load the skill is "too general" and never triggers. */
export const skillDescriptionSituation: SkillRule = {
  id: 'skill-description-situation',
  kind: 'skill',
  defaultSeverity: 'warn',
  description: '`description` states the situation in which to load the skill ("Use when ...")',
  spec: '7.8',
  check: (skills) =>
    perSkill(skills, (skill) => {
      const text = parsed(skill) ? descriptionOf(skill) : '';
      if (!text || SITUATION.test(text)) return [];
      return [{ ...at(skill, 'description'), message: 'the description does not say when to load the skill; add "Use when the user ..."' }];
    }),
};
