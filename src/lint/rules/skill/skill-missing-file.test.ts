import { cleanSkill, skillRuleTable } from '../../../skills/testing/skill-rule-table.ts';
import { skillMissingFile } from './skill-missing-file.ts';

skillRuleTable(skillMissingFile, {
  valid: [
    { name: 'every folder has SKILL.md', user: { 'garden-journal/SKILL.md': cleanSkill() } },
    { name: 'a plain folder is not a skill', user: { 'notes/todo.txt': 'x' } },
    // Calibration on new collections (docs/skills.md, "Measured precision"):
    { name: "a repository's own scripts/ folder beside its skills/ folder", user: { 'site/scripts/build.sh': '', 'site/index.md': 'x', 'skills/garden-journal/SKILL.md': cleanSkill() } },
    { name: 'a shared _lib folder among skills', user: { 'garden-journal/SKILL.md': cleanSkill(), '_lib/references/common.md': 'x' } },
    { name: "skill-creator's <skill>-workspace folder", user: { 'garden-journal/SKILL.md': cleanSkill(), 'garden-journal-workspace/evals/evals.json': '[]' } },
  ],
  invalid: [
    { name: 'evals without SKILL.md', user: { 'half-done/evals/evals.json': '[]' }, message: /evals\/ folder but no SKILL.md/ },
    { name: 'lowercase skill.md', user: { 'lower/skill.md': cleanSkill() }, message: /holds skill.md/ },
    { name: "a repository's top folder with evals/ is still one", user: { 'half-done/evals/evals.json': '[]', 'skills/garden-journal/SKILL.md': cleanSkill() }, message: /evals\/ folder/, count: 1 },
    { name: 'inside a cloned collection', user: { 'collection/good/SKILL.md': cleanSkill({ name: 'good' }), 'collection/bad/scripts/x.py': '' }, message: /scripts\/ folder/, count: 1 },
  ],
});
