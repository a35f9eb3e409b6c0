import { cleanSkill, skillRuleTable } from '../../../skills/testing/skill-rule-table.ts';
import { skillNameMatchesFolder } from './skill-name-matches-folder.ts';

skillRuleTable(skillNameMatchesFolder, {
  valid: [
    { name: 'same name', user: { 'garden-journal/SKILL.md': cleanSkill() } },
    { name: 'malformed name is left to skill-name-format', user: { 'garden-journal/SKILL.md': cleanSkill({ name: 'Garden' }) } },
  ],
  invalid: [{ name: 'folder differs', user: { 'garden/SKILL.md': cleanSkill() }, message: /differs from the folder name "garden"/, lines: [2] }],
});
