import { cleanSkill, skillRuleTable } from '../../../skills/testing/skill-rule-table.ts';
import { skillBodySteps } from './skill-body-steps.ts';

const body = (text: string) => ({ 'garden-journal/SKILL.md': cleanSkill({ body: `# Garden\n\nContext.\n\n${text}\n` }) });

skillRuleTable(skillBodySteps, {
  valid: [
    { name: 'clean skill', user: { 'garden-journal/SKILL.md': cleanSkill() } },
    // Step forms published skills use:
    { name: '## Step N headings', user: body('## Step 1: Verify tests\n\nRun them.\n\n## Step 2: Merge\n\nMerge it.') },
    { name: '### 1. headings', user: body('### 1. Read the journal\n\nText.\n\n### 2. Append\n\nText.') },
    { name: '**1. …** paragraphs', user: body('**1. Spec coverage:** skim each section.\n\n**2. Placeholders:** search for TODO.') },
    { name: 'Step 1: paragraphs', user: body('Step 1: read the journal.\n\nStep 2: append the event.') },
    { name: 'numbered list under a heading', user: body('## Workflow\n\n1) Read.\n2) Append.') },
    { name: 'Chinese step headings', user: body('## 第1步：读取日志\n\n读取。\n\n## 第2步：追加\n\n追加。') },
    { name: 'numbered steps set apart in a plain fence', user: body('```\nWHEN a review arrives:\n\n1. READ it whole\n2. VERIFY it\n```') },
    { name: 'Japanese step headings', user: body('### ステップ1 読む\n\n読む。') },
  ],
  invalid: [
    { name: 'bullets only', user: body('- Log it.\n- Report it.'), message: /no steps in the body/ },
    { name: 'numbered lines only inside a code fence', user: body('```sh\n1. not a step\n```'), message: /no steps/ },
  ],
});
