/**
 * Skill lint end to end: discover the skills, read each one's evals file, run the skill rules through
 * the shared runner (src/lint/run-rules.ts), so severities, profiles, overrides and formats match tool lint.
 */
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { toErrorInfo } from '../errors.ts';
import type { ActiveSeverity, LintReport, Severity } from '../lint/framework.ts';
import { failsAt, runRules } from '../lint/run-rules.ts';
import { type Diagnostic, type ToolvetResult } from '../report/model.ts';
import { SKILL_RULES } from '../lint/rules/skill/index.ts';
import { discoverSkills, type DiscoverOptions, type Discovery, type SkillRoot } from './discover.ts';
import { MAX_FOLDERS } from './discover-walk.ts';
import { EvalsFileError, loadSkillEvals, type SkillEvals } from './evals-file.ts';
import type { DiscoveryInfo } from './result-types.ts';
import { DEFAULT_SKILL_LINT_SETTINGS, type SkillLintSettings, type SkillLintTarget } from './skill-lint-kit.ts';
import { skillId, type SkillDoc } from './skill-file.ts';
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
    return { ...skill, evals: { file, loaded: loadSkillEvals(file, skillId(skill)) } };
  } catch (error) {
    return { ...skill, evals: { file, error: toErrorInfo(error), ...(error instanceof EvalsFileError ? { problems: error.problems } : {}) } };
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

export function lintSkills(roots: readonly SkillRoot[], options: SkillLintOptions = {}, discover: DiscoverOptions = {}): SkillLintOutcome {
  const discovery = discoverSkills(roots, discover);
  return { discovery, report: lintDiscovery(discovery, options) };
}

/** Discovery as plain data for the result (the skills eval adds case counts and dialects). */
export function discoveryInfo(discovery: Discovery, evals: ReadonlyMap<string, SkillEvals> = new Map()): DiscoveryInfo {
  return {
    roots: discovery.roots.map(({ dir, scope, exists }) => ({ dir, scope, exists })),
    skills: discovery.skills.map((s) => {
      const e = evals.get(skillId(s));
      return {
        name: s.name,
        ...(s.qualifiedName ? { qualifiedName: s.qualifiedName } : {}),
        scope: s.scope,
        file: s.file,
        ...(s.collection ? { collection: s.collection } : {}),
        ...(s.hidden ? { hidden: s.hidden } : {}),
        ...(s.manifest ? { manifest: s.manifest } : {}),
        ...(s.plugin ? { plugin: s.plugin } : {}),
        cases: e?.cases.length ?? 0,
        ...(e ? { dialect: e.dialect } : {}),
      };
    }),
    shadowed: discovery.shadowed.map((s) => ({ ...s })),
    missing: discovery.missing.map((m) => ({ ...m })),
  };
}

export const NO_SKILLS_REASON = 'no skills found: a gate that checks nothing does not pass';

/** What discovery has to say besides the skills: nothing found, hidden folders, a walk cut short. */
export function discoveryWarnings(discovery: Discovery): Diagnostic[] {
  const out: Diagnostic[] = [];
  const roots = discovery.roots.map((r) => `${r.dir}${r.exists ? '' : ' (absent)'}`).join(', ');
  if (discovery.skills.length === 0) {
    out.push({
      code: 'W_NO_SKILLS',
      message: `no SKILL.md found in ${roots || 'no folder'}`,
      hint: 'name a skill folder, a folder of skills, a cloned collection or a plugin repository; raise --depth, or give --pattern (e.g. "plugins/*/skills/*")',
    });
  }
  // One warning per hidden folder, naming its skills: a catalog keeps dozens there.
  const byFolder = new Map<string, string[]>();
  for (const h of discovery.hidden) byFolder.set(h.folder, [...(byFolder.get(h.folder) ?? []), h.name]);
  for (const [folder, names] of byFolder) {
    out.push({
      code: 'W_SKILL_HIDDEN_FOLDER',
      message: `${names.length} skill(s) sit below the hidden folder ${folder} (${names.join(', ')}); a host that scans its skills folder one level deep does not load them`,
      hint: 'install each skill folder itself into the host\'s skills folder (Codex loads only its own .system folder this way)',
    });
  }
  // One warning per skill holding nested SKILL.md files, naming them relative to the skill.
  const byParent = new Map<string, string[]>();
  for (const n of discovery.nested) byParent.set(n.parent, [...(byParent.get(n.parent) ?? []), relative(n.parent, n.file)]);
  for (const [parent, files] of byParent) {
    const shown = files.length > 5 ? `${files.slice(0, 5).join(', ')} and ${files.length - 5} more` : files.join(', ');
    out.push({
      code: 'W_SKILL_NESTED',
      message: `${files.length} SKILL.md file(s) sit inside the skill folder ${parent} (${shown}); hosts load only a skill folder's own SKILL.md, so these are files of that skill, not skills, and are not linted or offered`,
      hint: 'to make each one a skill, move its folder next to the others (or install it into the host\'s skills folder); to keep it a reference, rename it (e.g. references/<name>.md)',
    });
  }
  for (const dir of discovery.truncated) {
    out.push({ code: 'W_DISCOVERY_TRUNCATED', message: `stopped walking ${dir} after ${MAX_FOLDERS} folders`, hint: 'name the skills folder itself, or lower --depth' });
  }
  return out;
}

/** `skills lint` as a result file: the same envelope as every command, the findings under `skills.lint`. */
export function skillLintResult(outcome: SkillLintOutcome, failOn: ActiveSeverity, startedAt: string): ToolvetResult {
  const failed = failsAt(outcome.report.findings, failOn);
  const s = outcome.report.summary;
  const warnings: Diagnostic[] = [
    ...discoveryWarnings(outcome.discovery),
    ...outcome.discovery.shadowed.map((x) => ({ code: 'W_SKILL_SHADOWED', message: `skill "${x.name}" at ${x.hidden} is hidden by ${x.kept}` })),
  ];
  const none = outcome.discovery.skills.length === 0;
  return {
    ...resultHeader('skills lint', startedAt),
    complete: true,
    verdict: {
      status: failed || none ? 'fail' : 'pass',
      reasons: [...(none ? [NO_SKILLS_REASON] : []), ...(failed ? [`${s.error} error(s), ${s.warn} warning(s), ${s.info} info at or above --fail-on ${failOn}`] : [])],
    },
    skills: { discovery: discoveryInfo(outcome.discovery), lint: { ...outcome.report, failOn, failed } },
    warnings,
    errors: [],
  };
}
