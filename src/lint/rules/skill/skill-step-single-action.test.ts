import { cleanSkill, skillRuleTable } from '../../../skills/testing/skill-rule-table.ts';
import { skillStepSingleAction } from './skill-step-single-action.ts';

const steps = (list: string) => ({ 'garden-journal/SKILL.md': cleanSkill({ body: `# Garden\n\nContext.\n\n${list}\n` }) });

skillRuleTable(skillStepSingleAction, {
  valid: [
    { name: 'one action each', user: steps('1. Read the journal.\n2. Append the event (e.g. Tomatoes planted).') },
  ],
  invalid: [
    { name: 'then', user: steps('1. Read the journal, then append the event.'), message: /more than one action/ },
    { name: 'two sentences', user: steps('1. Read the journal.\n2. Append the event. Report it.'), message: /more than one action/, count: 1 },
  ],
});
