import { cleanSkill, skillRuleTable } from '../../../skills/testing/skill-rule-table.ts';
import { skillBodySteps } from './skill-body-steps.ts';

skillRuleTable(skillBodySteps, {
  valid: [{ name: 'clean skill', user: { 'garden-journal/SKILL.md': cleanSkill() } }],
  invalid: [
    { name: 'bullets only', user: { 'garden-journal/SKILL.md': cleanSkill({ body: '# Garden\n\nContext.\n\n- Log it.\n- Report it.' }) }, message: /no numbered steps/ },
  ],
});
