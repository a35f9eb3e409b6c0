import { cleanSkill, skillRuleTable } from '../../../skills/testing/skill-rule-table.ts';
import { skillEvalsFile } from './skill-evals-file.ts';

const skill = { 'garden-journal/SKILL.md': cleanSkill() };
const evals = (data: unknown) => ({ ...skill, 'garden-journal/evals/evals.json': typeof data === 'string' ? data : JSON.stringify(data) });

skillRuleTable(skillEvalsFile, {
  valid: [
    { name: 'no evals file', user: skill },
    { name: 'spec dialect', user: evals({ evals: [{ input: 'log tomatoes', expected_behavior: ['Mentions "tomatoes"'] }] }) },
    { name: 'trigger set', user: evals([{ query: 'log tomatoes', should_trigger: true }]) },
  ],
  invalid: [
    { name: 'not JSON', user: evals('{"evals": ['), message: /not valid JSON/ },
    { name: 'unknown key names its path', user: evals({ evals: [{ input: 'x', expected: [] }] }), message: /\$\.evals\[0\]\.expected unknown key/ },
    { name: 'no dialect', user: evals({ tests: [] }), message: /no known evals.json dialect/ },
    { name: 'another skill', user: evals({ skill_name: 'recipes', evals: [{ prompt: 'x' }] }), message: /skill_name "recipes"/ },
  ],
});
