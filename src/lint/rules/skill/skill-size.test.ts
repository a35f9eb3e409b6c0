import { cleanSkill, skillRuleTable } from '../../../skills/testing/skill-rule-table.ts';
import { skillSize } from './skill-size.ts';

skillRuleTable(skillSize, {
  valid: [{ name: 'clean skill (50+ lines)', user: { 'garden-journal/SKILL.md': cleanSkill() } }],
  invalid: [{ name: 'ten lines', user: { 'garden-journal/SKILL.md': cleanSkill({ body: '# G\n\nContext.\n\n1. Log.' }) }, message: /under the ~50-line/ }],
});
