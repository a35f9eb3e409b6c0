import { cleanSkill, skillRuleTable } from '../../../skills/testing/skill-rule-table.ts';
import { skillUnknownKey } from './skill-unknown-key.ts';

skillRuleTable(skillUnknownKey, {
  valid: [{ name: 'common keys', user: { 'garden-journal/SKILL.md': cleanSkill({ extra: 'license: MIT\nallowed-tools: Read\nmetadata:\n  version: "1"\ncompatibility: any' }) } }],
  invalid: [
    { name: 'typo and custom key', user: { 'garden-journal/SKILL.md': cleanSkill({ extra: 'licence: MIT\nauthor: me' }) }, message: /unknown front-matter key/, lines: [4, 5], count: 2 },
  ],
});
