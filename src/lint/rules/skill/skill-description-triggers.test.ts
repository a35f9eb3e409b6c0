import { cleanSkill, skillRuleTable } from '../../../skills/testing/skill-rule-table.ts';
import { skillDescriptionTriggers, triggerPhrases } from './skill-description-triggers.ts';
import { expect, it } from 'vitest';

const with_ = (description: string) => ({ 'garden-journal/SKILL.md': cleanSkill({ description }) });

skillRuleTable(skillDescriptionTriggers, {
  valid: [
    { name: 'double quotes', user: with_('Use when gardening, e.g. "log my tomatoes", "when did I water?".') },
    { name: 'single quotes', user: with_("Use when gardening, e.g. 'log my tomatoes', 'water the roses'.") },
    { name: 'a Triggers: list', user: with_('Garden log. Triggers: log plants, watering schedule, harvest notes.') },
    { name: 'Triggers on: list', user: with_('Garden log. Triggers on: tomatoes, roses, compost.') },
    { name: 'CJK corner brackets', user: with_('花园日志。例如「记录番茄」「浇玫瑰」。') },
  ],
  invalid: [
    { name: 'none', user: with_('Use when the user gardens.'), message: /quotes 0 trigger phrases/ },
    { name: 'quotes only inside the exclusion', user: with_('Use when gardening, e.g. "log tomatoes". Do NOT use for "recipes" or "menus".'), message: /quotes 1 trigger phrase;/ },
    { name: 'situations without a colon are not phrases', user: with_('Garden log. Triggers on tasks involving plants, beds or compost.'), message: /quotes 0/ },
  ],
});

it('does not read an apostrophe as a quote', () => {
  expect(triggerPhrases("Use for the user's garden and the gardener's notes")).toEqual([]);
});
