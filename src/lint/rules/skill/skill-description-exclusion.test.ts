import { cleanSkill, skillRuleTable } from '../../../skills/testing/skill-rule-table.ts';
import { skillDescriptionExclusion } from './skill-description-exclusion.ts';

const with_ = (description: string) => ({ 'garden-journal/SKILL.md': cleanSkill({ description }) });

skillRuleTable(skillDescriptionExclusion, {
  valid: [
    { name: 'Do NOT use for', user: with_('Use when gardening. Do NOT use for recipes.') },
    { name: "Don't use", user: with_("Use when gardening. Don't use it for recipes.") },
    { name: 'Not for', user: with_('Use when gardening. Not for recipes.') },
    // Phrasings of public collections the rule used to miss:
    { name: 'Do NOT trigger when', user: with_('Use when gardening. Do NOT trigger when the user asks for recipes.') },
    { name: 'SKIP only when', user: with_('Use when gardening. SKIP only when the plants are indoors.') },
    { name: 'For X use Y', user: with_('Use when gardening. For recipes, use the recipes skill.') },
    { name: 'Does NOT … — use Y', user: with_('Logs garden events. Does NOT plan meals — use recipes for that.') },
    { name: 'use Y instead', user: with_('Logs garden events. For meal plans use `recipes` instead.') },
    { name: 'only on', user: with_('Use when gardening. Operates only on the local journal.') },
    { name: 'out of scope', user: with_('Use when gardening; indoor plants are out of scope.') },
    { name: 'Chinese', user: with_('当用户谈到种植时使用。不要用于菜谱。') },
  ],
  invalid: [{ name: 'no clause', user: with_('Use when the user gardens, e.g. "log tomatoes", "water roses".'), message: /Do NOT use for/ }],
});
