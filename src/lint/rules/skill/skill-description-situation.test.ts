import { cleanSkill, skillRuleTable } from '../../../skills/testing/skill-rule-table.ts';
import { skillDescriptionSituation } from './skill-description-situation.ts';

const with_ = (description: string) => ({ 'garden-journal/SKILL.md': cleanSkill({ description }) });

skillRuleTable(skillDescriptionSituation, {
  valid: [
    { name: 'Use when', user: with_('Garden log. Use when the user talks about plants.') },
    { name: 'when the user', user: with_('Loaded when the user asks about watering.') },
  ],
  invalid: [{ name: 'what, never when', user: with_('A garden journal with planting, watering and harvest records.'), message: /when to load/ }],
});
