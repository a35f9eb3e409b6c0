/**
 * `skills eval` end to end: discover the skills, load every evals file first (bad input fails before
 * anything starts), start the host config's servers, run the trigger eval over all skills and the
 * behaviour eval over the cases that list behaviours, and fold it all into the result model.
 */
import { existsSync } from 'node:fs';
import { loadHostConfig, selectServers } from '../config/host-config.ts';
import { toErrorInfo, ToolvetError } from '../errors.ts';
import { type Diagnostic, type ToolvetResult } from '../report/model.ts';
import { ServerPool } from '../servers/server-pool.ts';
import { checkAllowNames, ToolRoutes } from '../servers/tool-routing.ts';
import type { ServerTimeouts } from '../servers/server-connection.ts';
import type { ModelDriver } from '../types.ts';
import { runBehaviourEval } from './behaviour-eval.ts';
import { discoverSkills, type DiscoverOptions, type Discovery, type SkillRoot } from './discover.ts';
import { EvalsFileError, loadSkillEvals, type SkillEvalCase, type SkillEvals } from './evals-file.ts';
import { discoveryInfo, discoveryWarnings, evalsFileOf, NO_SKILLS_REASON } from './lint-skills.ts';
import type { EvalsLoadFailure, SkillsResult } from './result-types.ts';
import { descriptionOf, requireUsableSkill, skillId, type SkillDoc } from './skill-file.ts';
import { ambiguousText, resolveSkillRef } from './skill-names.ts';
import { runTriggerEval } from './trigger-eval.ts';
import { resultHeader } from '../report/result-header.ts';
import type { JudgeCalibrationSummary } from '../judge/judge-types.ts';
import type { PriceTable } from '../run/cost.ts';

export interface SkillsEvalOptions {
  roots: readonly SkillRoot[];
  model: ModelDriver;
  judge?: ModelDriver;
  /** Prices the judge's tokens (--prices). */
  prices?: PriceTable;
  /** The judge's calibration (--judge-calibration), shown beside its verdicts. */
  judgeCalibration?: JudgeCalibrationSummary;
  /** Host config whose servers the behaviour eval runs against. */
  config?: string;
  servers?: string[];
  serverTimeouts?: Partial<ServerTimeouts>;
  /** Only evaluate these skills' cases (other skills' evals files are not read); every usable skill is still offered to the model. */
  only?: string[];
  /** Depth or pattern of the search for SKILL.md below each root. */
  discover?: DiscoverOptions;
  /** Trigger repeats (default 3). */
  repeat?: number;
  threshold?: number;
  behaviourRepeat?: number;
  /** Tools the behaviour eval may run although not annotated read-only (--allow-tools). */
  allowTools?: readonly string[];
  maxTurns?: number;
  baseline?: boolean;
  trigger?: boolean;
  behaviour?: boolean;
  concurrency?: number;
  temperature?: number;
  maxTokens?: number;
  signal?: AbortSignal;
}

interface Prepared {
  discovery: Discovery;
  usable: Map<string, SkillDoc>;
  evals: Map<string, SkillEvals>;
  evalsErrors: EvalsLoadFailure[];
  /** The errors behind evalsErrors, for when no skill's file loaded and the first becomes the run's error. */
  evalsThrown: unknown[];
  warnings: Diagnostic[];
}

function loadFailure(skill: string, file: string, error: unknown): EvalsLoadFailure {
  const info = toErrorInfo(error);
  const problems = error instanceof EvalsFileError ? error.problems : [{ path: info.path ?? '$', problems: [info.message] }];
  return { skill, file, code: info.code, message: info.message, problems };
}

/**
 * Everything that can be wrong with the input, checked before a model or server is touched. A skill
 * whose evals file does not load is reported for that skill and left out; the others still run.
 * With `only`, the other skills' evals files are not read at all.
 */
export function prepareSkillsEval(options: Pick<SkillsEvalOptions, 'roots' | 'only' | 'discover'>): Prepared {
  const discovery = discoverSkills(options.roots, options.discover);
  const warnings: Diagnostic[] = [...discoveryWarnings(discovery)];
  for (const s of discovery.shadowed) warnings.push({ code: 'W_SKILL_SHADOWED', message: `skill "${s.name}" at ${s.hidden} is hidden by ${s.kept}` });
  for (const m of discovery.missing) warnings.push({ code: 'W_SKILL_MISSING_FILE', message: `${m.folder} ${m.reason}; not evaluated`, hint: 'add SKILL.md or move the folder out of the skills folder' });
  const usable = new Map<string, SkillDoc>();
  for (const skill of discovery.skills) {
    try {
      requireUsableSkill(skill);
      usable.set(skillId(skill), skill);
    } catch (error) {
      const info = toErrorInfo(error);
      warnings.push({ code: 'W_SKILL_UNUSABLE', message: `${info.message}; a host would skip it, so it is not offered`, hint: info.hint });
    }
  }
  const only: string[] = [];
  if (discovery.skills.length > 0) {
    for (const name of options.only ?? []) {
      const ref = resolveSkillRef(name, usable.keys());
      if (ref.state === 'ambiguous') {
        throw new ToolvetError('E_USAGE', `--skill ${ambiguousText(name, ref.ids)}`, { hint: `name one of them: --skill ${ref.ids[0]}` });
      }
      if (ref.state === 'unknown') {
        throw new ToolvetError('E_USAGE', `--skill ${name}: no usable skill of that name`, { hint: `skills found: ${[...usable.keys()].join(', ') || 'none'}` });
      }
      only.push(ref.id);
    }
  }
  const evals = new Map<string, SkillEvals>();
  const evalsErrors: EvalsLoadFailure[] = [];
  const evalsThrown: unknown[] = [];
  for (const [id, skill] of usable) {
    if (only.length > 0 && !only.includes(id)) continue;
    const file = evalsFileOf(skill);
    if (!existsSync(file)) continue;
    try {
      const loaded = loadSkillEvals(file, id);
      const bad = resolveCaseSkills(loaded, usable);
      if (bad.length > 0) {
        const problems = bad.map(({ c, problem }) => ({ path: c.path, problems: [`${c.path}.skills names ${problem}`] }));
        const message = `evals file ${file}: ${problems[0].problems[0]}`;
        evalsErrors.push({ skill: id, file, code: 'E_FILE_INVALID', message, problems });
        evalsThrown.push(new ToolvetError('E_FILE_INVALID', message, { file, path: `${bad[0].c.path}.skills`, hint: 'name discovered skills only, as plugin:skill where two plugins have a skill of that name' }));
        continue;
      }
      evals.set(id, loaded);
      const ignored = loaded.ignoredKeys ?? [];
      if (ignored.length > 0) {
        const keys = ignored.map((k) => `"${k.key}" at ${k.path}`);
        const listed = keys.length > 5 ? `${keys.slice(0, 5).join(', ')} and ${keys.length - 5} more` : keys.join(', ');
        warnings.push({ code: 'W_SKILL_EVALS_IGNORED', message: `evals file ${file}: ${ignored.length} key(s) no evals dialect reads were ignored: ${listed}`, hint: 'remove them, or run `toolvet skills lint` to see each one (skill-evals-metadata)' });
      }
    } catch (error) {
      evalsErrors.push(loadFailure(id, file, error));
      evalsThrown.push(error);
    }
  }
  for (const f of evalsErrors) {
    const count = f.problems.reduce((n, g) => n + g.problems.length, 0);
    warnings.push({ code: 'W_SKILL_EVALS_INVALID', message: `skill "${f.skill}": ${f.message}; its ${count} problem(s) are listed under skills.evalsErrors and its cases did not run`, hint: 'run `toolvet skills lint` on the skill for each problem with its path' });
  }
  return { discovery, usable, evals, evalsErrors, evalsThrown, warnings };
}

/**
 * Rewrites each case's `skills` to the discovered skills' ids (a bare name of a plugin skill becomes
 * `plugin:name`); returns the names that are unknown or that two plugins share.
 */
function resolveCaseSkills(loaded: SkillEvals, usable: ReadonlyMap<string, SkillDoc>): Array<{ c: SkillEvalCase; problem: string }> {
  const bad: Array<{ c: SkillEvalCase; problem: string }> = [];
  for (const c of loaded.cases) {
    if (!c.skills) continue;
    const ids: string[] = [];
    for (const extra of c.skills) {
      const ref = resolveSkillRef(extra, usable.keys());
      if (ref.state === 'found') {
        if (ref.id !== c.skill) ids.push(ref.id);
      } else bad.push({ c, problem: ref.state === 'ambiguous' ? ambiguousText(extra, ref.ids) : `"${extra}", which was not found` });
    }
    c.skills = ids;
  }
  return bad;
}

export async function runSkillsEval(options: SkillsEvalOptions): Promise<ToolvetResult> {
  const startedAt = new Date().toISOString();
  const prepared = prepareSkillsEval(options);
  const { usable, evals, evalsErrors, warnings } = prepared;
  const info = (): SkillsResult => ({ discovery: discoveryInfo(prepared.discovery, evals), ...(evalsErrors.length ? { evalsErrors } : {}) });
  if (prepared.discovery.skills.length === 0) {
    // Nothing to evaluate is a failed gate with a clear warning, never a silent pass.
    return envelope(startedAt, options.model.id, true, info(), [], warnings, [NO_SKILLS_REASON]);
  }
  // With --skill, only the named skills' evals files were read.
  const cases = [...evals.values()].flatMap((e) => e.cases);
  if (cases.length === 0) {
    // Not one evals file loaded: nothing can run, so the (first) bad file is the run's input error.
    if (prepared.evalsThrown.length > 0) throw prepared.evalsThrown[0];
    throw new ToolvetError('E_USAGE', `none of the ${usable.size} skills has eval cases in evals/evals.json`, { hint: 'write evals/evals.json in a skill folder; see docs/skills.md' });
  }
  const host = options.config ? loadHostConfig(options.config) : undefined;
  const serverNames = host ? selectServers(host, options.servers ?? []) : [];
  const errors: ToolvetResult['errors'] = [];
  const pool = host ? await ServerPool.start(host, serverNames, { timeouts: options.serverTimeouts }) : undefined;
  try {
    errors.push(...(pool?.errors() ?? []).map(toErrorInfo));
    // A bare name two servers list is refused before any model call: it would name neither.
    if (pool) checkAllowNames(options.allowTools ?? [], [ToolRoutes.among(pool.tools())], '--allow-tools');
    const skills: SkillsResult = info();
    if (options.trigger !== false) {
      skills.trigger = await runTriggerEval({
        skills: [...usable].map(([id, s]) => ({ name: id, description: descriptionOf(s) })),
        cases,
        model: options.model,
        ...pick(options, ['repeat', 'threshold', 'concurrency', 'temperature', 'maxTokens', 'signal']),
      });
    }
    if (options.behaviour !== false && cases.some((c) => c.behaviours.length > 0)) {
      skills.behaviour = await runBehaviourEval({
        skills: usable,
        cases,
        model: options.model,
        ...(options.judge ? { judge: options.judge } : {}),
        ...(pool ? { pool } : {}),
        ...(options.behaviourRepeat ? { repeat: options.behaviourRepeat } : {}),
        ...pick(options, ['maxTurns', 'threshold', 'baseline', 'temperature', 'maxTokens', 'signal', 'allowTools', 'prices', 'judgeCalibration']),
      });
      const b = skills.behaviour;
      if (b.unscored > 0) warnings.push({ code: 'W_BEHAVIOUR_UNSCORED', message: `${b.unscored} behaviour(s) fit no mechanical form and no judge was set: reported unscored, not passed`, hint: 'pass --judge-base-url and --judge-model-name, or rewrite them in a mechanical form (README, "Skills")' });
      for (const s of b.behaviours.filter((x) => x.discriminates === false)) {
        warnings.push({ code: 'W_BEHAVIOUR_NOT_DISCRIMINATING', message: `${s.caseId}: "${s.behaviour}" passes with and without the skill loaded; it does not measure the skill` });
      }
    }
    const complete = !options.signal?.aborted;
    return { ...envelope(startedAt, options.model.id, complete, skills, errors, warnings), ...(pool ? { servers: pool.info() } : {}) };
  } finally {
    await pool?.close();
  }
}

function pick<T extends object, K extends keyof T>(source: T, keys: K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const key of keys) if (source[key] !== undefined) out[key] = source[key];
  return out;
}

function envelope(startedAt: string, model: string, complete: boolean, skills: SkillsResult, errors: ToolvetResult['errors'], warnings: Diagnostic[], failReasons: string[] = []): ToolvetResult {
  const reasons: string[] = [];
  let status: ToolvetResult['verdict']['status'] = 'pass';
  const t = skills.trigger;
  const b = skills.behaviour;
  if (!complete) reasons.push('run interrupted');
  reasons.push(...errors.map((e) => `${e.code}: ${e.message}`));
  if (t?.errored) reasons.push(`${t.errored} trigger case(s) errored`);
  if (b?.errored) reasons.push(`${b.errored} behaviour(s) errored`);
  if (reasons.length > 0) status = 'error';
  if (t?.failed) reasons.push(`${t.failed} of ${t.cases.length} trigger cases failed (threshold ${t.threshold})`);
  if (b?.failed) reasons.push(`${b.failed} behaviour(s) failed`);
  for (const f of skills.evalsErrors ?? []) reasons.push(`evals file of skill "${f.skill}" did not load; its cases did not run`);
  reasons.push(...failReasons);
  if (status === 'pass' && reasons.length > 0) status = 'fail';
  return {
    ...resultHeader('skills eval', startedAt),
    complete,
    verdict: { status, reasons },
    model,
    skills,
    warnings,
    errors,
  };
}
