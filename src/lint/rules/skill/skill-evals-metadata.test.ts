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
    {
      name: 'a comment key on each case of a trigger set: one info per case, naming case and key',
      user: evals([{ query: 'log tomatoes', should_trigger: true, comment: 'from a user' }, { query: 'bake bread', should_trigger: false, comment: 'near miss' }]),
      message: /^case \$\[[01]\] has key "comment", which no evals dialect reads: ignored$/,
      count: 2,
    },
    { name: 'a notes key at the top and on a case', user: evals({ skill_name: 'garden-journal', notes: 'x', evals: [{ ...cases[0], tags: ['a'] }] }), message: /(the file|case \$\.evals\[0\]) has key "(notes|tags)"/, count: 2 },
    { name: 'eval_name dialect with a version', user: evals({ skill_name: 'garden-journal', version: 2, evals: [{ id: 1, eval_name: 'log-tomatoes', prompt: 'log tomatoes', expectations: ['x'] }] }), message: /"version"/ },
  ],
});
