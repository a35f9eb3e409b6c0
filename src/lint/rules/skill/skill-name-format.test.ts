import { cleanSkill, skillRuleTable } from '../../../skills/testing/skill-rule-table.ts';
import { skillNameFormat } from './skill-name-format.ts';

const at = (name: string) => ({ [`${name.replace(/[^a-z0-9-]/gi, 'x') || 'x'}/SKILL.md`]: cleanSkill({ name }) });

skillRuleTable(skillNameFormat, {
  valid: [
    { name: 'hyphenated words', user: at('garden-journal') },
    { name: 'digits', user: at('pdf2') },
  ],
  invalid: [
    { name: 'capitals', user: at('Garden-Journal'), message: /capitals/ },
    { name: 'leading hyphen', user: at('-garden'), message: /starts or ends/ },
    { name: 'double hyphen', user: at('garden--journal'), message: /double hyphen/ },
    { name: 'underscore', user: at('garden_journal'), message: /only lowercase/ },
    { name: 'too long', user: at('a'.repeat(65)), message: /65 characters/ },
    { name: 'missing', user: { 'x/SKILL.md': '---\ndescription: "Use when x"\n---\n# T\n' }, message: /missing/ },
    { name: 'not a string', user: { 'x/SKILL.md': '---\nname: [a, b]\ndescription: "d"\n---\n# T\n' }, message: /a list/, lines: [2] },
  ],
});
