import { cleanSkill, skillRuleTable } from '../../../skills/testing/skill-rule-table.ts';
import { skillPathEscape } from './skill-path-escape.ts';

const body = (extra: string) => cleanSkill({ body: `# Garden journal\n\nContext.\n\n${extra}\n` });

skillRuleTable(skillPathEscape, {
  valid: [
    { name: 'links inside the folder and URLs', user: { 'garden-journal/SKILL.md': body('See [styles](references/styles.md), `scripts/log.py` and [site](https://example.com/x/../y).') } },
    { name: 'eval inputs inside the folder', user: { 'garden-journal/SKILL.md': cleanSkill(), 'garden-journal/evals/evals.json': JSON.stringify({ skill_name: 'garden-journal', evals: [{ id: 1, prompt: 'log tomatoes', files: ['evals/files/a.txt'] }] }) } },
  ],
  invalid: [
    { name: 'name is a path', user: { 'garden-journal/SKILL.md': cleanSkill({ name: '../../x' }) }, message: /leaves the skill folder/, lines: [2] },
    { name: 'link climbs out', user: { 'garden-journal/SKILL.md': body('See [notes](../../secrets/notes.md).') }, message: /outside the skill folder/ },
    { name: 'absolute path in code', user: { 'garden-journal/SKILL.md': body('Read `/etc/passwd` first.') }, message: /outside the skill folder/ },
    { name: 'eval input climbs out', user: { 'garden-journal/SKILL.md': cleanSkill(), 'garden-journal/evals/evals.json': JSON.stringify({ skill_name: 'garden-journal', evals: [{ id: 1, prompt: 'p', files: ['../../../x.txt'] }] }) }, message: /eval input/ },
  ],
});
