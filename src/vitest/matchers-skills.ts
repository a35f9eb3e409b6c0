/**
 * Skills helpers and matchers for vitest suites: run a skills eval (mock model by default) and assert
 * trigger recall, false-trigger rate and behaviour pass rates. The failure message lists the cases
 * that missed and which sibling skill took them.
 */
import { createModel, type ModelOptions } from '../models/index.ts';
import type { ToolvetResult } from '../report/model.ts';
import { expandDir, type SkillRoot } from '../skills/discover.ts';
import { runSkillsEval, type SkillsEvalOptions } from '../skills/skills-eval-run.ts';
import { shareSecrets } from './secrets-bridge.ts';

export interface SkillsEvalSuiteOptions extends Omit<SkillsEvalOptions, 'model' | 'judge' | 'roots'> {
  /** Project-level skills folders, collections or skill folders. */
  dirs?: string[];
  /** User-level skills folders. */
  userDirs?: string[];
  /** Default: the mock model. */
  model?: ModelOptions;
  /** An LLM judge for behaviours no mechanical form fits; without one they are unscored. */
  judge?: ModelOptions;
}

/** `runSkillsEval` with models made from options (the mock by default) and closed afterwards. */
export async function evalSkills(options: SkillsEvalSuiteOptions): Promise<ToolvetResult> {
  const { dirs = [], userDirs = [], model: modelOptions, judge: judgeOptions, ...rest } = options;
  const roots: SkillRoot[] = [
    ...dirs.map((dir) => ({ dir: expandDir(dir), scope: 'project' as const, explicit: true })),
    ...userDirs.map((dir) => ({ dir: expandDir(dir), scope: 'user' as const, explicit: true })),
  ];
  const model = createModel(modelOptions ?? { kind: 'mock' });
  const judge = judgeOptions ? createModel(judgeOptions) : undefined;
  try {
    return await runSkillsEval({ ...rest, roots, model, ...(judge ? { judge } : {}) });
  } finally {
    await model.close?.();
    await judge?.close?.();
    shareSecrets();
  }
}

interface MatcherResult {
  pass: boolean;
  message: () => string;
}

const pct = (x: number | null | undefined): string => (x === null || x === undefined ? 'n/a' : `${(x * 100).toFixed(1)}%`);

function missedTriggers(result: ToolvetResult, skill?: string): string {
  const cases = (result.skills?.trigger?.cases ?? []).filter((c) => c.state !== 'passed' && (!skill || c.skill === skill));
  return cases.map((c) => `  - ${c.id}: "${c.query}" -> ${c.reason}`).join('\n') || '  (none)';
}

function behaviourLines(result: ToolvetResult, skill?: string): string {
  const stats = (result.skills?.behaviour?.behaviours ?? []).filter((b) => b.state !== 'passed' && (!skill || b.skill === skill));
  return stats.map((b) => `  - ${b.caseId}: "${b.behaviour}" ${b.state}${b.passRate !== null ? ` (${pct(b.passRate)})` : ''}`).join('\n') || '  (none)';
}

export const skillsMatchers = {
  /** The share of `skill`'s positive trigger attempts that loaded it is at least `min`. */
  toHaveTriggerRecallAtLeast(received: ToolvetResult, skill: string, min: number): MatcherResult {
    const stats = received.skills?.trigger?.perSkill.find((s) => s.skill === skill);
    const recall = stats?.recall ?? null;
    return {
      pass: recall !== null && recall >= min,
      message: () => `expected trigger recall of ${skill} at least ${pct(min)}, got ${pct(recall)}${stats ? '' : ' (no trigger cases for it)'}\ncases not passed:\n${missedTriggers(received, skill)}`,
    };
  },
  /** The share of attempts that loaded `skill` when it should not have is at most `max`. */
  toHaveFalseTriggerRateAtMost(received: ToolvetResult, skill: string, max: number): MatcherResult {
    const rate = received.skills?.trigger?.perSkill.find((s) => s.skill === skill)?.falseTriggerRate ?? null;
    const stolen = (received.skills?.trigger?.cases ?? []).filter((c) => c.skill !== skill && c.stolenBy[skill]);
    return {
      pass: rate !== null && rate <= max,
      message: () => `expected ${skill} to load wrongly in at most ${pct(max)} of attempts, got ${pct(rate)}\nqueries it took:\n${stolen.map((c) => `  - ${c.id}: "${c.query}"`).join('\n') || '  (none)'}`,
    };
  },
  /** Every trigger case passed and none errored (optionally for one skill). */
  toPassAllTriggerCases(received: ToolvetResult, skill?: string): MatcherResult {
    const cases = (received.skills?.trigger?.cases ?? []).filter((c) => !skill || c.skill === skill);
    const pass = cases.length > 0 && cases.every((c) => c.state === 'passed');
    return { pass, message: () => `expected every trigger case${skill ? ` of ${skill}` : ''} to pass (${cases.length} cases)\ncases not passed:\n${missedTriggers(received, skill)}` };
  },
  /**
   * Of the scored behaviours (optionally one skill's), the share that passed is at least `min`, and none
   * errored. Unscored behaviours do not count either way; `toHaveNoUnscoredBehaviours` asserts they are gone.
   */
  toHaveBehaviourPassRateAtLeast(received: ToolvetResult, min: number, skill?: string): MatcherResult {
    const stats = (received.skills?.behaviour?.behaviours ?? []).filter((b) => !skill || b.skill === skill);
    const scored = stats.filter((b) => b.state === 'passed' || b.state === 'failed');
    const errored = stats.filter((b) => b.state === 'errored').length;
    const rate = scored.length ? scored.filter((b) => b.state === 'passed').length / scored.length : null;
    return {
      pass: rate !== null && rate >= min && errored === 0,
      message: () => `expected behaviour pass rate${skill ? ` of ${skill}` : ''} at least ${pct(min)}, got ${pct(rate)} over ${scored.length} scored (${errored} errored)\nnot passed:\n${behaviourLines(received, skill)}`,
    };
  },
  /** No behaviour was left unscored (every one fits a mechanical form, or a judge was set). */
  toHaveNoUnscoredBehaviours(received: ToolvetResult): MatcherResult {
    const unscored = (received.skills?.behaviour?.behaviours ?? []).filter((b) => b.state === 'unscored');
    return { pass: unscored.length === 0, message: () => `expected no unscored behaviours, got ${unscored.length}:\n${unscored.map((b) => `  - ${b.caseId}: "${b.behaviour}"`).join('\n')}` };
  },
};

declare module 'vitest' {
  // vitest declares `Matchers<T = any>`; a merged declaration must repeat it exactly.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  interface Matchers<T = any> {
    toHaveTriggerRecallAtLeast(skill: string, min: number): T;
    toHaveFalseTriggerRateAtMost(skill: string, max: number): T;
    toPassAllTriggerCases(skill?: string): T;
    toHaveBehaviourPassRateAtLeast(min: number, skill?: string): T;
    toHaveNoUnscoredBehaviours(): T;
  }
}
