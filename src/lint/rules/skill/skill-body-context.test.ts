import { cleanSkill, skillRuleTable } from '../../../skills/testing/skill-rule-table.ts';
import { skillBodyContext } from './skill-body-context.ts';

skillRuleTable(skillBodyContext, {
  valid: [
    { name: 'clean skill', user: { 'garden-journal/SKILL.md': cleanSkill() } },
    { name: 'context inside a numbered section heading', user: { 'garden-journal/SKILL.md': cleanSkill({ body: '# Garden\n\n## 1. Purpose\n\nKeep the journal.\n\n## 2. Steps\n\n1. Log it.' }) } },
  ],
  invalid: [
    { name: 'steps straight after the title', user: { 'garden-journal/SKILL.md': cleanSkill({ body: '# Garden\n\n1. Log it.\n\nSome prose after.' }) }, message: /no context statement/ },
    { name: 'a Step 1 heading straight after the title', user: { 'garden-journal/SKILL.md': cleanSkill({ body: '# Garden\n\n## Step 1: Log\n\n1. Log it.\n\nSome prose after.' }) }, message: /no context statement/ },
  ],
});
