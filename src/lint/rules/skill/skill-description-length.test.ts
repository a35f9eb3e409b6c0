import { cleanSkill, skillRuleTable } from '../../../skills/testing/skill-rule-table.ts';
import { skillDescriptionLength } from './skill-description-length.ts';

skillRuleTable(skillDescriptionLength, {
  valid: [
    { name: 'clean skill', user: { 'garden-journal/SKILL.md': cleanSkill() } },
    { name: 'exactly 1024', user: { 'garden-journal/SKILL.md': cleanSkill({ description: 'x'.repeat(1024) }) } },
  ],
  invalid: [{ name: '1025 characters', user: { 'garden-journal/SKILL.md': cleanSkill({ description: 'x'.repeat(1025) }) }, message: /1025 characters; the limit is 1024/ }],
});
