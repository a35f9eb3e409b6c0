import { cleanSkill, skillRuleTable } from '../../../skills/testing/skill-rule-table.ts';
import { skillBodyDonts } from './skill-body-donts.ts';

skillRuleTable(skillBodyDonts, {
  valid: [
    { name: "Don't heading", user: { 'garden-journal/SKILL.md': cleanSkill() } },
    { name: 'items starting with Never', user: { 'garden-journal/SKILL.md': cleanSkill({ body: '# G\n\nContext.\n\n1. Log.\n\n- Never guess dates.' }) } },
  ],
  invalid: [{ name: 'no list of mistakes', user: { 'garden-journal/SKILL.md': cleanSkill({ body: '# Garden\n\nContext.\n\n1. Log it.' }) }, message: /no "Don't" list/ }],
});
