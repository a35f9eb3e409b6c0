import { cleanSkill, skillRuleTable } from '../../../skills/testing/skill-rule-table.ts';
import { skillBodyDonts } from './skill-body-donts.ts';

const body = (text: string) => ({ 'garden-journal/SKILL.md': cleanSkill({ body: `# Garden\n\nContext.\n\n1. Log it.\n\n${text}\n` }) });

skillRuleTable(skillBodyDonts, {
  valid: [
    { name: "Don't heading", user: { 'garden-journal/SKILL.md': cleanSkill() } },
    { name: 'items starting with Never', user: body('- Never guess dates.') },
    // Forms published skills use:
    { name: 'Anti-patterns heading', user: body('## Anti-Patterns\n\n- Logging twice.') },
    { name: 'Common mistakes heading', user: body('## Common Mistakes\n\n**Writing the date last**\n- Problem: sorting breaks.') },
    { name: 'Pitfalls heading', user: body('### Pitfalls\n\n1. Time zones.') },
    { name: 'Red flags heading', user: body('## Red Flags - STOP\n\n- "I will fix the date later"') },
    { name: '**NEVER:** lead', user: body('**NEVER:**\n- Rewrite entries\n- Guess dates') },
    { name: 'a table of mistakes', user: body('| Mistake | Fix |\n|---|---|\n| Date last | Date first |') },
    { name: 'a table of rationalizations', user: body('| Excuse | Reality |\n|---|---|\n| "Too simple to test" | Simple code breaks. |') },
    { name: '❌ items', user: body('- ❌ Rewriting entries\n- ✅ Appending') },
    // Calibration on new collections (docs/skills.md, "Measured precision"):
    { name: '### MUST NOT DO', user: body('## Constraints\n\n### MUST DO\n- Log dates\n\n### MUST NOT DO\n- Rewrite entries') },
    { name: 'Japanese しないこと', user: body('### 絶対にしないこと：\n\n- 古い記録を書き換える') },
    { name: 'traditional Chinese heading', user: body('## 常見錯誤\n\n- 重寫舊條目') },
    { name: 'Chinese heading', user: body('## 常见错误\n\n- 重写旧条目') },
    { name: 'Japanese heading', user: body('## よくある間違い\n\n- 古い記録を書き換える') },
  ],
  invalid: [
    { name: 'no list of mistakes', user: { 'garden-journal/SKILL.md': cleanSkill({ body: '# Garden\n\nContext.\n\n1. Log it.' }) }, message: /no "Don't" list/ },
    { name: 'a Don\'t heading only inside a code fence', user: body("```\n## Don't\n- x\n```"), message: /no "Don't" list/ },
  ],
});
