import { outlineBody, perSkill, type SkillRule } from '../../../skills/skill-lint-kit.ts';

/** Spec 2.2: the instructions are steps: a numbered list, `## Step N` headings or `**1. …**` paragraphs. */
export const skillBodySteps: SkillRule = {
  id: 'skill-body-steps',
  kind: 'skill',
  defaultSeverity: 'warn',
  description: 'the body has steps (a numbered list, `## Step N` / `### 1.` headings, or `**1. …**` / `Step 1:` paragraphs)',
  spec: '2.2',
  check: (skills) =>
    perSkill(skills, (skill) =>
      skill.readError || outlineBody(skill).steps.length > 0 ? [] : [{ path: '$.body', line: skill.bodyLine, message: 'no steps in the body: no numbered list ("1. ..."), no `## Step 1` heading, no `**1. ...**` paragraph' }],
    ),
};
