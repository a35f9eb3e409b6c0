/**
 * What skill lint rules share: the target (a SkillDoc with its evals file state), the context (the
 * discovery's findings and tunable limits), and an outline of the body (title, context statement,
 * numbered steps, "Don't" list, links), so each rule file stays a small pure check.
 */
import type { LintRule, RawFinding } from '../lint/framework.ts';
import type { ErrorInfo } from '../errors.ts';
import type { NotASkill, ShadowedSkill } from './discover.ts';
import type { SkillEvals } from './evals-file.ts';
import type { EvalsProblemGroup } from './evals-problems.ts';
import { skillId, type SkillDoc } from './skill-file.ts';

export interface SkillLintSettings {
  /** Spec 8.3: a minimum viable skill is about 50 lines; shorter is an info finding. */
  minLines: number;
  maxDescription: number;
  /** Cosine similarity of two descriptions' stemmed terms at or above which they overlap. */
  overlapThreshold: number;
}

export const DEFAULT_SKILL_LINT_SETTINGS: SkillLintSettings = { minLines: 50, maxDescription: 1024, overlapThreshold: 0.5 };

export interface SkillLintTarget extends SkillDoc {
  /** `evals/evals.json` when the skill has one. */
  evals?: { file: string; loaded?: SkillEvals; error?: ErrorInfo; problems?: EvalsProblemGroup[] };
}

export interface SkillLintContext {
  settings: SkillLintSettings;
  missing: readonly NotASkill[];
  shadowed: readonly ShadowedSkill[];
}

export type SkillRule = LintRule<SkillLintTarget, SkillLintContext>;

/** Runs a per-skill check, filling in the target and the file. */
export function perSkill(skills: readonly SkillLintTarget[], check: (skill: SkillLintTarget) => Array<Omit<RawFinding, 'target'>>): RawFinding[] {
  return skills.flatMap((skill) => check(skill).map((f) => ({ target: skillId(skill), file: skill.file, ...f })));
}

/** Rules about parsed front matter skip skills whose front matter did not parse (skill-front-matter reports those). */
export function parsed(skill: SkillDoc): boolean {
  return !skill.readError && skill.frontMatter.present && skill.frontMatter.closed && !skill.frontMatter.error;
}

/** A finding's position for a front-matter key: its JSON path and line. */
export function at(skill: SkillDoc, key: string): { path: string; line?: number } {
  const line = skill.frontMatter.keyLines[key];
  return { path: `$.frontMatter.${key}`, ...(line ? { line } : {}) };
}

export { outlineBody, type BodyOutline, type OutlineLine, type OutlineRef } from './skill-outline.ts';
