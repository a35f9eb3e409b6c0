/**
 * Skill lint end to end: discover the skills, read each one's evals file, run the skill rules through
 * the shared runner (src/lint/run-rules.ts), so severities, profiles, overrides and formats match tool lint.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { toErrorInfo } from '../errors.ts';
import type { ActiveSeverity, LintReport, Severity } from '../lint/framework.ts';
import { failsAt, runRules } from '../lint/run-rules.ts';
import { type Diagnostic, type ToolproofResult } from '../report/model.ts';
import { SKILL_RULES } from '../lint/rules/skill/index.ts';
import { discoverSkills, type Discovery, type SkillRoot } from './discover.ts';
import { loadSkillEvals, type SkillEvals } from './evals-file.ts';
import type { DiscoveryInfo } from './result-types.ts';
import { DEFAULT_SKILL_LINT_SETTINGS, type SkillLintSettings, type SkillLintTarget } from './skill-lint-kit.ts';
import type { SkillDoc } from './skill-file.ts';
import { resultHeader } from '../report/result-header.ts';

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

/** Discovery as plain data for the result (the skills eval adds case counts and dialects). */
export function discoveryInfo(discovery: Discovery, evals: ReadonlyMap<string, SkillEvals> = new Map()): DiscoveryInfo {
  return {
    roots: discovery.roots.map(({ dir, scope, exists }) => ({ dir, scope, exists })),
    skills: discovery.skills.map((s) => {
      const e = evals.get(s.name);
      return { name: s.name, scope: s.scope, file: s.file, ...(s.collection ? { collection: s.collection } : {}), cases: e?.cases.length ?? 0, ...(e ? { dialect: e.dialect } : {}) };
    }),
    shadowed: discovery.shadowed.map((s) => ({ ...s })),
    missing: discovery.missing.map((m) => ({ ...m })),
  };
}

/** `skills lint` as a result file: the same envelope as every command, the findings under `skills.lint`. */
export function skillLintResult(outcome: SkillLintOutcome, failOn: ActiveSeverity, startedAt: string): ToolproofResult {
  const failed = failsAt(outcome.report.findings, failOn);
  const s = outcome.report.summary;
  const warnings: Diagnostic[] = outcome.discovery.shadowed.map((x) => ({ code: 'W_SKILL_SHADOWED', message: `skill "${x.name}" at ${x.hidden} is hidden by ${x.kept}` }));
  return {
    ...resultHeader('skills lint', startedAt),
    complete: true,
    verdict: { status: failed ? 'fail' : 'pass', reasons: failed ? [`${s.error} error(s), ${s.warn} warning(s), ${s.info} info at or above --fail-on ${failOn}`] : [] },
    skills: { discovery: discoveryInfo(outcome.discovery), lint: { ...outcome.report, failOn, failed } },
    warnings,
    errors: [],
  };
}
