import { cleanSkill, skillRuleTable } from '../../../skills/testing/skill-rule-table.ts';
import { skillDescriptionExclusion } from './skill-description-exclusion.ts';

const with_ = (description: string) => ({ 'garden-journal/SKILL.md': cleanSkill({ description }) });

skillRuleTable(skillDescriptionExclusion, {
  valid: [
    { name: 'Do NOT use for', user: with_('Use when gardening. Do NOT use for recipes.') },
    { name: "Don't use", user: with_("Use when gardening. Don't use it for recipes.") },
    { name: 'Not for', user: with_('Use when gardening. Not for recipes.') },
  ],
  invalid: [{ name: 'no clause', user: with_('Use when the user gardens, e.g. "log tomatoes", "water roses".'), message: /Do NOT use for/ }],
});
