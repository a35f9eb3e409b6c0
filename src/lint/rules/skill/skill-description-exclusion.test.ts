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
    // Calibration on new collections (docs/skills.md, "Measured precision"):
    { name: 'For X → other-skill', user: with_('Use when gardening. Meal plans → recipes-planner.') },
    { name: 'X → plugin:skill', user: with_('Use when gardening. Indoor plants → houseplants:care-log.') },
    { name: 'distinct from', user: with_('Use when gardening — distinct from indoor houseplant care.') },
    { name: 'rather than', user: with_('Use when logging the garden rather than planning it.') },
    { name: '(not …)', user: with_('Use with a garden journal (not a recipe book) to log plantings.') },
    { name: 'traditional Chinese', user: with_('當使用者談到種植時使用。請勿用於菜譜。') },
  ],
  invalid: [
    { name: 'an arrow between steps is no redirect', user: with_('Use when gardening. Dig → plant → water → log.'), message: /Do NOT use for/ },{ name: 'no clause', user: with_('Use when the user gardens, e.g. "log tomatoes", "water roses".'), message: /Do NOT use for/ }],
});
