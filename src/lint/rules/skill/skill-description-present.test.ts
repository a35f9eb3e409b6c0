import { cleanSkill, skillRuleTable } from '../../../skills/testing/skill-rule-table.ts';
import { skillDescriptionPresent } from './skill-description-present.ts';

skillRuleTable(skillDescriptionPresent, {
  valid: [{ name: 'clean skill', user: { 'garden-journal/SKILL.md': cleanSkill() } }],
  invalid: [
    { name: 'missing', user: { 'garden-journal/SKILL.md': '---\nname: garden-journal\n---\n# T\n' }, message: /missing/ },
    { name: 'empty', user: { 'garden-journal/SKILL.md': cleanSkill({ description: '  ' }) }, message: /non-empty/, lines: [3] },
    { name: 'not a string', user: { 'garden-journal/SKILL.md': '---\nname: garden-journal\ndescription: 42\n---\n# T\n' }, message: /non-empty string/ },
  ],
});
