import { cleanSkill, skillRuleTable } from '../../../skills/testing/skill-rule-table.ts';
import { skillFrontMatter } from './skill-front-matter.ts';

skillRuleTable(skillFrontMatter, {
  valid: [{ name: 'clean skill', user: { 'garden-journal/SKILL.md': cleanSkill() } }],
  invalid: [
    { name: 'no front matter', user: { 'garden-journal/SKILL.md': '# Garden journal\n\nText.\n' }, message: /no front matter/, lines: [1] },
    { name: 'never closed', user: { 'garden-journal/SKILL.md': '---\nname: garden-journal\n\n# Garden\n' }, message: /never closed/ },
    { name: 'YAML error names the line', user: { 'garden-journal/SKILL.md': '---\nname: garden-journal\ndescription: [unclosed\nlicense: MIT\n---\n# T\n' }, message: /line 4/, lines: [4] },
    { name: 'empty file', user: { 'garden-journal/SKILL.md': '' }, message: /cannot read SKILL.md/ },
  ],
});
