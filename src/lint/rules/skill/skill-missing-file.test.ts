import { cleanSkill, skillRuleTable } from '../../../skills/testing/skill-rule-table.ts';
import { skillMissingFile } from './skill-missing-file.ts';

skillRuleTable(skillMissingFile, {
  valid: [
    { name: 'every folder has SKILL.md', user: { 'garden-journal/SKILL.md': cleanSkill() } },
    { name: 'a plain folder is not a skill', user: { 'notes/todo.txt': 'x' } },
  ],
  invalid: [
    { name: 'evals without SKILL.md', user: { 'half-done/evals/evals.json': '[]' }, message: /evals\/ folder but no SKILL.md/ },
    { name: 'lowercase skill.md', user: { 'lower/skill.md': cleanSkill() }, message: /holds skill.md/ },
    { name: 'inside a cloned collection', user: { 'collection/good/SKILL.md': cleanSkill({ name: 'good' }), 'collection/bad/scripts/x.py': '' }, message: /scripts\/ folder/, count: 1 },
  ],
});
