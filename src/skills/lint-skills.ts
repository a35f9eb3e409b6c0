/**
 * Skill lint end to end: discover the skills, read each one's evals file, run the skill rules through
 * the shared runner (src/lint/run-rules.ts), so severities, profiles, overrides and formats match tool lint.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { toErrorInfo } from '../errors.ts';
import type { LintReport, Severity } from '../lint/framework.ts';
import { runRules } from '../lint/run-rules.ts';
import { SKILL_RULES } from '../lint/rules/skill/index.ts';
import { discoverSkills, type Discovery, type SkillRoot } from './discover.ts';
import { loadSkillEvals } from './evals-file.ts';
import { DEFAULT_SKILL_LINT_SETTINGS, type SkillLintSettings, type SkillLintTarget } from './skill-lint-kit.ts';
import type { SkillDoc } from './skill-file.ts';

export interface SkillLintOptions {
  profile?: string;
  preset?: Readonly<Record<string, Severity>>;
  overrides?: Readonly<Record<string, Severity>>;
  settings?: Partial<SkillLintSettings>;
}

export interface SkillLintOutcome {
  discovery: Discovery;
  report: LintReport;
}

export function evalsFileOf(skill: SkillDoc): string {
  return join(skill.folder, 'evals', 'evals.json');
}

/** The skill with its evals file loaded, or the error that stopped it, as data. */
export function withEvals(skill: SkillDoc): SkillLintTarget {
  const file = evalsFileOf(skill);
  if (!existsSync(file)) return skill;
  try {
    return { ...skill, evals: { file, loaded: loadSkillEvals(file, skill.name) } };
  } catch (error) {
    return { ...skill, evals: { file, error: toErrorInfo(error) } };
  }
}

export function lintDiscovery(discovery: Discovery, options: SkillLintOptions = {}): LintReport {
  return runRules({
    rules: SKILL_RULES,
    targets: discovery.skills.map(withEvals),
    context: {
      settings: { ...DEFAULT_SKILL_LINT_SETTINGS, ...options.settings },
      missing: discovery.missing,
      shadowed: discovery.shadowed,
    },
    profile: options.profile ?? 'recommended',
    ...(options.preset ? { preset: options.preset } : {}),
    ...(options.overrides ? { overrides: options.overrides } : {}),
  });
}

export function lintSkills(roots: readonly SkillRoot[], options: SkillLintOptions = {}): SkillLintOutcome {
  const discovery = discoverSkills(roots);
  return { discovery, report: lintDiscovery(discovery, options) };
}
