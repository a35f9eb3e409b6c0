import { cleanSkill, skillRuleTable } from '../../../skills/testing/skill-rule-table.ts';
import { skillBodyContext } from './skill-body-context.ts';

skillRuleTable(skillBodyContext, {
  valid: [
    { name: 'clean skill', user: { 'garden-journal/SKILL.md': cleanSkill() } },
    { name: 'context inside a numbered section heading', user: { 'garden-journal/SKILL.md': cleanSkill({ body: '# Garden\n\n## 1. Purpose\n\nKeep the journal.\n\n## 2. Steps\n\n1. Log it.' }) } },
    // Calibration on new collections: the situation stated as a list under its own heading.
    { name: 'a When to Use list before the workflow', user: { 'garden-journal/SKILL.md': cleanSkill({ body: '# Garden\n\n## When to Use This Skill\n\n- Logging a planting\n- Recording a harvest\n\n## Core Workflow\n\n1. Log it.' }) } },
    { name: 'a Japanese 概要 list', user: { 'garden-journal/SKILL.md': cleanSkill({ body: '# 庭\n\n## 概要\n\n- 植え付けを記録する\n\n## 手順\n\n1. 記録する。' }) } },
  ],
  invalid: [
    { name: 'a list under a heading that states no situation', user: { 'garden-journal/SKILL.md': cleanSkill({ body: '# Garden\n\n## Reference Guide\n\n- tools.md\n\n## Core Workflow\n\n1. Log it.' }) }, message: /no context statement/ },
    { name: 'steps straight after the title', user: { 'garden-journal/SKILL.md': cleanSkill({ body: '# Garden\n\n1. Log it.\n\nSome prose after.' }) }, message: /no context statement/ },
    { name: 'a Step 1 heading straight after the title', user: { 'garden-journal/SKILL.md': cleanSkill({ body: '# Garden\n\n## Step 1: Log\n\n1. Log it.\n\nSome prose after.' }) }, message: /no context statement/ },
  ],
});
