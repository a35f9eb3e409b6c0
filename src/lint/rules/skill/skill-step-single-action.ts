import { outlineBody, perSkill, type SkillRule } from '../../../skills/skill-lint-kit.ts';

// Heuristic: a sequencing word, or a second sentence that starts with a verb-like capitalised word.
const SEQUENCE = /\b(?:and then|then|after that|afterwards|next|finally)\b/i;
const SECOND_SENTENCE = /(?<!\b(?:e\.g|i\.e|etc|vs))[.!;]\s+[A-Z][a-z]+\b/;

/** Spec 2.2: one explicit action per step; a heuristic, so a warning and never an error. */
export const skillStepSingleAction: SkillRule = {
  id: 'skill-step-single-action',
  kind: 'skill',
  defaultSeverity: 'warn',
  description: 'each numbered step holds one explicit action (heuristic: no "then", no second sentence)',
  spec: '2.2',
  check: (skills) =>
    perSkill(skills, (skill) =>
      outlineBody(skill)
        .steps.filter((step) => SEQUENCE.test(step.text) || SECOND_SENTENCE.test(step.text))
        .map((step) => ({ path: '$.body', line: step.line, message: `step "${step.text.slice(0, 60)}${step.text.length > 60 ? '...' : ''}" seems to hold more than one action; split it` })),
    ),
};
