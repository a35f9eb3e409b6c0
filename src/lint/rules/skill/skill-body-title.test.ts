import { cleanSkill, skillRuleTable } from '../../../skills/testing/skill-rule-table.ts';
import { skillBodyTitle } from './skill-body-title.ts';

skillRuleTable(skillBodyTitle, {
  valid: [{ name: 'clean skill', user: { 'garden-journal/SKILL.md': cleanSkill() } }],
  invalid: [
    { name: 'no heading', user: { 'garden-journal/SKILL.md': cleanSkill({ body: 'Just text.\n\n1. Do it.' }) }, message: /no `# Title`/ },
    { name: 'heading only inside a code fence', user: { 'garden-journal/SKILL.md': cleanSkill({ body: '```\n# not a title\n```\n' }) }, message: /no `# Title`/ },
  ],
});
