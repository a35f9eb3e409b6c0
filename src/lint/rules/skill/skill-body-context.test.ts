import { cleanSkill, skillRuleTable } from '../../../skills/testing/skill-rule-table.ts';
import { skillBodyContext } from './skill-body-context.ts';

skillRuleTable(skillBodyContext, {
  valid: [{ name: 'clean skill', user: { 'garden-journal/SKILL.md': cleanSkill() } }],
  invalid: [
    { name: 'steps straight after the title', user: { 'garden-journal/SKILL.md': cleanSkill({ body: '# Garden\n\n1. Log it.\n\nSome prose after.' }) }, message: /no context statement/ },
  ],
});
