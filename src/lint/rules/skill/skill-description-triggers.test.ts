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
    // Calibration on new collections (docs/skills.md, "Measured precision"):
    { name: 'a TRIGGERS - list', user: with_('Garden log. TRIGGERS - log tomatoes, water roses, harvest notes.') },
    { name: 'Trigger terms:', user: with_('Use when gardening. Trigger terms: tomatoes, roses, compost.') },
    { name: 'Trigger terms include:', user: with_('Use when gardening. Trigger terms include: tomatoes, roses.') },
    { name: 'Trigger keywords: with a dotted name', user: with_('Use when gardening. Trigger keywords: Garden.app, roses, compost.') },
    { name: 'CJK corner brackets', user: with_('花园日志。例如「记录番茄」「浇玫瑰」。') },
  ],
  invalid: [
    { name: 'none', user: with_('Use when the user gardens.'), message: /quotes 0 trigger phrases/ },
    { name: 'quotes only inside the exclusion', user: with_('Use when gardening, e.g. "log tomatoes". Do NOT use for "recipes" or "menus".'), message: /quotes 1 trigger phrase;/ },
    { name: 'a list after a dotted name is one sentence: Triggers on: Next.js only', user: with_('Garden log. Triggers on: Garden.app. Use it daily.'), message: /quotes 1 trigger phrase;/ },
    { name: 'an Invoke for list is topics, not requests', user: with_('Use when gardening. Invoke for planting schedules, compost ratios, pest control.'), message: /quotes 0/ },
    { name: 'situations without a colon are not phrases', user: with_('Garden log. Triggers on tasks involving plants, beds or compost.'), message: /quotes 0/ },
  ],
});

it('does not read an apostrophe as a quote', () => {
  expect(triggerPhrases("Use for the user's garden and the gardener's notes")).toEqual([]);
});
