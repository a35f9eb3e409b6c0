import { cleanSkill, skillRuleTable } from '../../../skills/testing/skill-rule-table.ts';
import { skillShadowed } from './skill-shadowed.ts';

skillRuleTable(skillShadowed, {
  valid: [{ name: 'distinct names', user: { 'garden-journal/SKILL.md': cleanSkill() }, project: { 'recipes/SKILL.md': cleanSkill({ name: 'recipes' }) } }],
  invalid: [
    { name: 'project shadows user', user: { 'garden-journal/SKILL.md': cleanSkill() }, project: { 'garden-journal/SKILL.md': cleanSkill() }, message: /shadowed by the project skill/, count: 1 },
    { name: 'two collections, one name', user: { 'a/garden-journal/SKILL.md': cleanSkill(), 'b/garden-journal/SKILL.md': cleanSkill() }, message: /defined twice/, count: 1 },
  ],
});
