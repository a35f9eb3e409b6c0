/**
 * `skills eval` end to end: discover the skills, load every evals file first (bad input fails before
 * anything starts), start the host config's servers, run the trigger eval over all skills and the
 * behaviour eval over the cases that list behaviours, and fold it all into the result model.
 */
import { existsSync } from 'node:fs';
import { loadHostConfig, selectServers } from '../config/host-config.ts';
import { toErrorInfo, ToolproofError } from '../errors.ts';
import { type Diagnostic, type ToolproofResult } from '../report/model.ts';
import { ServerPool } from '../servers/server-pool.ts';
import type { ServerTimeouts } from '../servers/server-connection.ts';
import type { ModelDriver } from '../types.ts';
import { runBehaviourEval } from './behaviour-eval.ts';
import { discoverSkills, type Discovery, type SkillRoot } from './discover.ts';
import { loadSkillEvals, type SkillEvals } from './evals-file.ts';
import { discoveryInfo, evalsFileOf } from './lint-skills.ts';
import type { SkillsResult } from './result-types.ts';
import { descriptionOf, requireUsableSkill, type SkillDoc } from './skill-file.ts';
import { runTriggerEval } from './trigger-eval.ts';
import { resultHeader } from '../report/result-header.ts';

export interface SkillsEvalOptions {
  roots: readonly SkillRoot[];
  model: ModelDriver;
  judge?: ModelDriver;
  /** Host config whose servers the behaviour eval runs against. */
  config?: string;
  servers?: string[];
  serverTimeouts?: Partial<ServerTimeouts>;
  /** Only evaluate these skills' cases; every usable skill is still offered to the model. */
  only?: string[];
  /** Trigger repeats (default 3). */
  repeat?: number;
  threshold?: number;
  behaviourRepeat?: number;
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
  warnings: Diagnostic[];
}

/** Everything that can be wrong with the input, checked before a model or server is touched. */
export function prepareSkillsEval(options: Pick<SkillsEvalOptions, 'roots' | 'only'>): Prepared {
  const discovery = discoverSkills(options.roots);
  const warnings: Diagnostic[] = [];
  if (discovery.skills.length === 0) {
    throw new ToolproofError('E_USAGE', `no skills found in ${options.roots.map((r) => r.dir).join(', ')}`, {
      hint: 'name folders that hold skill folders (each with SKILL.md), a cloned collection, or one skill folder',
    });
  }
  for (const s of discovery.shadowed) warnings.push({ code: 'W_SKILL_SHADOWED', message: `skill "${s.name}" at ${s.hidden} is hidden by ${s.kept}` });
  for (const m of discovery.missing) warnings.push({ code: 'W_SKILL_MISSING_FILE', message: `${m.folder} ${m.reason}; not evaluated`, hint: 'add SKILL.md or move the folder out of the skills folder' });
  const usable = new Map<string, SkillDoc>();
  for (const skill of discovery.skills) {
    try {
      requireUsableSkill(skill);
      usable.set(skill.name, skill);
    } catch (error) {
      const info = toErrorInfo(error);
      warnings.push({ code: 'W_SKILL_UNUSABLE', message: `${info.message}; a host would skip it, so it is not offered`, hint: info.hint });
    }
  }
  for (const name of options.only ?? []) {
    if (!usable.has(name)) {
      throw new ToolproofError('E_USAGE', `--skill ${name}: no usable skill of that name`, { hint: `skills found: ${[...usable.keys()].join(', ') || 'none'}` });
    }
  }
  const evals = new Map<string, SkillEvals>();
  for (const skill of usable.values()) {
    const file = evalsFileOf(skill);
    if (existsSync(file)) evals.set(skill.name, loadSkillEvals(file, skill.name));
  }
  for (const e of evals.values()) {
    for (const c of e.cases) {
      for (const extra of c.skills ?? []) {
        if (!usable.has(extra)) throw new ToolproofError('E_FILE_INVALID', `evals file ${e.file}: ${c.path}.skills names "${extra}", which was not found`, { file: e.file, path: `${c.path}.skills`, hint: 'name discovered skills only' });
      }
    }
  }
  return { discovery, usable, evals, warnings };
}

export async function runSkillsEval(options: SkillsEvalOptions): Promise<ToolproofResult> {
  const startedAt = new Date().toISOString();
  const prepared = prepareSkillsEval(options);
  const { usable, evals, warnings } = prepared;
  const cases = [...evals.values()].flatMap((e) => e.cases).filter((c) => !options.only?.length || options.only.includes(c.skill));
  if (cases.length === 0) {
    throw new ToolproofError('E_USAGE', `none of the ${usable.size} skills has eval cases in evals/evals.json`, { hint: 'write evals/evals.json in a skill folder; see the README, "Skills"' });
  }
  const host = options.config ? loadHostConfig(options.config) : undefined;
  const serverNames = host ? selectServers(host, options.servers ?? []) : [];
  const errors: ToolproofResult['errors'] = [];
  const pool = host ? await ServerPool.start(host, serverNames, { timeouts: options.serverTimeouts }) : undefined;
  try {
    errors.push(...(pool?.errors() ?? []).map(toErrorInfo));
    const skills: SkillsResult = { discovery: discoveryInfo(prepared.discovery, evals) };
    if (options.trigger !== false) {
      skills.trigger = await runTriggerEval({
        skills: [...usable.values()].map((s) => ({ name: s.name, description: descriptionOf(s) })),
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
        ...pick(options, ['maxTurns', 'threshold', 'baseline', 'temperature', 'maxTokens', 'signal']),
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

function envelope(startedAt: string, model: string, complete: boolean, skills: SkillsResult, errors: ToolproofResult['errors'], warnings: Diagnostic[]): ToolproofResult {
  const reasons: string[] = [];
  let status: ToolproofResult['verdict']['status'] = 'pass';
  const t = skills.trigger;
  const b = skills.behaviour;
  if (!complete) reasons.push('run interrupted');
  reasons.push(...errors.map((e) => `${e.code}: ${e.message}`));
  if (t?.errored) reasons.push(`${t.errored} trigger case(s) errored`);
  if (b?.errored) reasons.push(`${b.errored} behaviour(s) errored`);
  if (reasons.length > 0) status = 'error';
  if (t?.failed) reasons.push(`${t.failed} of ${t.cases.length} trigger cases failed (threshold ${t.threshold})`);
  if (b?.failed) reasons.push(`${b.failed} behaviour(s) failed`);
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
