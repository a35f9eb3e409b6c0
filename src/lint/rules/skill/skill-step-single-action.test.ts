import { cleanSkill, skillRuleTable } from '../../../skills/testing/skill-rule-table.ts';
import { skillStepSingleAction } from './skill-step-single-action.ts';

const under = (heading: string, list: string) => ({ 'garden-journal/SKILL.md': cleanSkill({ body: `# Garden\n\nContext.\n\n${heading}\n\n${list}\n` }) });
const steps = (list: string) => under('## Steps', list);

skillRuleTable(skillStepSingleAction, {
  valid: [
    { name: 'one action each', user: steps('1. Read the journal.\n2. Append the event (e.g. Tomatoes planted).') },
    // False-finding classes measured on public collections:
    { name: 'numbered principles, not steps', user: under('## Principles', '1. Keep entries short. Dates come first.\n2. One line per event, then a blank line.') },
    { name: 'a reference list', user: under('## Reference', '1. `journal.md` - the journal. Read by the log step.\n2. `archive/` - old years.') },
    { name: 'numbered pitfalls', user: under('## Common mistakes', '1. Writing the date last. Always put it first.') },
    { name: '"next" in a URL or a word', user: steps('1. Open https://example.com/next/page for the next entry.\n2. Check the next field.') },
    { name: 'an explanation after the action', user: steps('1. Read the journal. This keeps dates in order.\n2. Append the event; the file grows by one line.') },
    { name: 'then inside code', user: steps('1. Run `make build && then-tool run`.') },
  ],
  invalid: [
    { name: 'then', user: steps('1. Read the journal, then append the event.'), message: /more than one action/ },
    { name: 'two sentences, two actions', user: steps('1. Read the journal.\n2. Append the event. Report it.'), message: /more than one action/, count: 1 },
    { name: 'under a Step N heading', user: under('## Step 1: Prepare', '1. Open the journal and then write the date.'), message: /more than one action/ },
  ],
});
