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
import type { SkillDoc } from './skill-file.ts';

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
  return skills.flatMap((skill) => check(skill).map((f) => ({ target: skill.name, file: skill.file, ...f })));
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

export interface OutlineLine {
  text: string;
  line: number;
}

export interface BodyOutline {
  title?: OutlineLine;
  /** The first prose paragraph after the title. */
  context?: OutlineLine;
  /** Top-level numbered list items, in order. */
  steps: OutlineLine[];
  /** The heading (or first item) of a "Don't" list, when there is one with items. */
  donts?: OutlineLine;
  /** Markdown link targets and inline-code paths, with their lines. */
  links: OutlineLine[];
  /** Non-empty body lines outside code fences. */
  contentLines: number;
}

const DONT_HEADING = /^#{1,6}\s+.*\b(don['’]?t'?s?|do not|avoid|anti-?patterns?|pitfalls)\b/i;
const DONT_ITEM = /^\s*(?:[-*+]|\d+[.)])\s+\**(?:don['’]t|do not|never|avoid)\b/i;
const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s+\S/;
const STEP = /^(\d+)[.)]\s+(\S.*)$/;
const LINK = /\[[^\]]*\]\(([^)\s]+)[^)]*\)/g;
const CODE_PATH = /`((?:\.{1,2}\/|\/)[^`\s]+|(?:references|scripts|assets|evals)\/[^`\s]+)`/g;

export function outlineBody(skill: SkillDoc): BodyOutline {
  const outline: BodyOutline = { steps: [], links: [], contentLines: 0 };
  const lines = skill.body.split('\n');
  let fenced = false;
  let dontHeading: OutlineLine | undefined;
  let inProse = false;
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i];
    const line = skill.bodyLine + i;
    const text = raw.trim();
    if (/^(```|~~~)/.test(text)) {
      fenced = !fenced;
      continue;
    }
    if (fenced || text === '') {
      inProse = false;
      continue;
    }
    outline.contentLines += 1;
    for (const m of raw.matchAll(LINK)) outline.links.push({ text: m[1], line });
    for (const m of raw.matchAll(CODE_PATH)) outline.links.push({ text: m[1], line });
    if (!outline.title && /^#\s+\S/.test(text)) {
      outline.title = { text: text.replace(/^#\s+/, ''), line };
      continue;
    }
    if (/^#{1,6}\s/.test(text)) {
      dontHeading = DONT_HEADING.test(text) ? { text, line } : undefined;
      continue;
    }
    const step = STEP.exec(raw);
    if (step && !dontHeading) outline.steps.push({ text: step[2], line });
    if (LIST_ITEM.test(raw)) {
      if (!outline.donts && (dontHeading || DONT_ITEM.test(raw))) outline.donts = dontHeading ?? { text, line };
      continue;
    }
    if (!outline.context && !inProse && !/^[>|<]/.test(text)) outline.context = { text, line };
    inProse = true;
  }
  return outline;
}
