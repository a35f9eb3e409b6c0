import { cleanSkill, skillRuleTable } from '../../../skills/testing/skill-rule-table.ts';
import { skillDescriptionOverlap } from './skill-description-overlap.ts';

const skill = (name: string, description: string) => ({ [`${name}/SKILL.md`]: cleanSkill({ name, description }) });

skillRuleTable(skillDescriptionOverlap, {
  valid: [
    {
      name: 'different subjects',
      user: { ...skill('garden-journal', 'Log plantings and harvests in the garden journal.'), ...skill('recipes', 'Cook dinner from saved recipes and shopping lists.') },
    },
    {
      name: 'a pair that names each other has drawn its border',
      user: { ...skill('garden-journal', 'Log plantings, watering and harvests in the garden journal. Not for plans (garden-log).'), ...skill('garden-log', 'Log the plantings, watering and harvests of a garden plan.') },
    },
    {
      name: '"For X use Y" redirects do not count as overlap',
      user: {
        ...skill('garden-journal', 'Log plantings and harvests in the journal. For watering schedules, sprinkler timers and rain gauges use the irrigation skill.'),
        ...skill('irrigation', 'Plan watering schedules, sprinkler timers and rain gauges for the garden beds.'),
      },
    },
  ],
  invalid: [
    {
      name: 'near copies',
      user: { ...skill('garden-journal', 'Log plantings, watering and harvests in the garden journal.'), ...skill('garden-log', 'Log the plantings, watering and harvests of a garden.') },
      message: /overlaps "garden-journal"/,
      count: 1,
    },
  ],
});
