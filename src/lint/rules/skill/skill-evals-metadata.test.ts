import { cleanSkill, skillRuleTable } from '../../../skills/testing/skill-rule-table.ts';
import { skillEvalsMetadata } from './skill-evals-metadata.ts';

const evals = (data: unknown) => ({ 'garden-journal/SKILL.md': cleanSkill(), 'garden-journal/evals/evals.json': JSON.stringify(data) });
const cases = [{ id: 1, prompt: 'log tomatoes', expectations: ['Mentions tomatoes'] }];

skillRuleTable(skillEvalsMetadata, {
  valid: [
    { name: 'no metadata', user: evals({ skill_name: 'garden-journal', evals: cases }) },
    { name: 'a list file has no top level', user: evals([{ query: 'log tomatoes', should_trigger: true }]) },
  ],
  invalid: [
    { name: 'category, version and description', user: evals({ skill_name: 'garden-journal', category: 'garden', version: '1.0', description: 'Journal cases', evals: cases }), message: /"category", "version", "description": accepted/, count: 1 },
    { name: 'eval_name dialect with a version', user: evals({ skill_name: 'garden-journal', version: 2, evals: [{ id: 1, eval_name: 'log-tomatoes', prompt: 'log tomatoes', expectations: ['x'] }] }), message: /"version"/ },
  ],
});
