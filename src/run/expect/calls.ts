/**
 * `expect.calls`: the listed steps in the required order (exact, in-order, any-order), each with
 * matching arguments (the case matcher, args-match.ts), and at most `maxExtra` calls beyond them.
 */
import { matchArguments } from '../../scoring/args-match.ts';
import type { CallOrder, ScenarioStep, TrajectoryCall } from '../scenario-types.ts';
import { names, type ScenarioScorer, type ScoreOutcome } from './types.ts';

/** null when the names differ; else the argument problems (empty: the call fits the step). */
export function stepProblems(step: ScenarioStep, call: TrajectoryCall): string[] | null {
  if (call.tool !== step.tool) return null;
  if (!step.args) return [];
  if (!call.arguments) return [`its arguments ${call.why?.includes('cut off') ? 'were cut off' : 'are not a JSON object'}: ${call.rawArguments.slice(0, 80)}`];
  return matchArguments(step.args, call.arguments, call.rawArguments);
}

const fits = (step: ScenarioStep, call: TrajectoryCall): boolean => stepProblems(step, call)?.length === 0;

function wrongArgs(step: ScenarioStep, index: number, calls: readonly TrajectoryCall[], from = 0): string | undefined {
  for (let i = from; i < calls.length; i++) {
    const problems = stepProblems(step, calls[i]);
    if (problems && problems.length > 0) return `step ${index + 1} (${step.tool}): call ${i + 1} has the tool but not the arguments: ${problems.join('; ')}`;
  }
  return undefined;
}

export interface StepMatch {
  /** Call index matched by each step, in step order. */
  matched: number[];
  failure?: string;
}

export function matchSteps(steps: readonly ScenarioStep[], calls: readonly TrajectoryCall[], order: CallOrder): StepMatch {
  const got = `got ${names(calls)}`;
  if (order === 'exact') {
    for (let i = 0; i < steps.length; i++) {
      const call = calls[i];
      if (!call) return { matched: [], failure: `expected ${steps[i].tool} as call ${i + 1} (order exact); ${got}` };
      if (fits(steps[i], call)) continue;
      const problems = stepProblems(steps[i], call);
      if (problems) return { matched: [], failure: `step ${i + 1} (${steps[i].tool}): ${problems.join('; ')}` };
      const later = calls.slice(i + 1).some((c) => c.tool === steps[i].tool);
      return { matched: [], failure: later ? `expected ${steps[i].tool} before ${call.tool} (order exact); ${got}` : `expected ${steps[i].tool} as call ${i + 1} (order exact), not ${call.tool}; ${got}` };
    }
    if (calls.length > steps.length) {
      const extra = calls.slice(steps.length);
      return { matched: [], failure: `${extra.length} call(s) beyond the ${steps.length} step(s) (order exact): ${names(extra)}` };
    }
    return { matched: steps.map((_, i) => i) };
  }
  if (order === 'in-order') {
    const matched: number[] = [];
    let from = 0;
    for (let k = 0; k < steps.length; k++) {
      const step = steps[k];
      let found = -1;
      for (let i = from; i < calls.length; i++) if (fits(step, calls[i])) { found = i; break; }
      if (found >= 0) {
        matched.push(found);
        from = found + 1;
        continue;
      }
      const args = wrongArgs(step, k, calls, from);
      if (args) return { matched, failure: args };
      const earlier = calls.slice(0, from).some((c) => fits(step, c));
      if (earlier && k > 0) return { matched, failure: `expected ${step.tool} after ${steps[k - 1].tool} (order in-order); ${got}` };
      return { matched, failure: `expected a call to ${step.tool} (step ${k + 1} of ${steps.length}); ${got}` };
    }
    return { matched };
  }
  // any-order: a distinct call for every step (a small search: steps are few).
  const used = new Set<number>();
  const assignment: number[] = [];
  const solve = (k: number): boolean => {
    if (k === steps.length) return true;
    for (let i = 0; i < calls.length; i++) {
      if (used.has(i) || !fits(steps[k], calls[i])) continue;
      used.add(i);
      assignment[k] = i;
      if (solve(k + 1)) return true;
      used.delete(i);
    }
    return false;
  };
  if (solve(0)) return { matched: assignment.slice(0, steps.length) };
  const k = steps.findIndex((step) => !calls.some((c) => fits(step, c)));
  const step = steps[k === -1 ? steps.length - 1 : k];
  const index = k === -1 ? steps.length - 1 : k;
  if (k === -1) {
    const wanted = steps.filter((s) => s.tool === step.tool).length;
    return { matched: [], failure: `expected ${wanted} separate calls to ${step.tool} (any order); ${got}` };
  }
  return { matched: [], failure: wrongArgs(step, index, calls) ?? `expected a call to ${step.tool} (any order); ${got}` };
}

export function checkCalls(expected: NonNullable<import('../scenario-types.ts').ScenarioExpect['calls']>, calls: readonly TrajectoryCall[]): ScoreOutcome {
  const { matched, failure } = matchSteps(expected.steps, calls, expected.order);
  if (failure) return { pass: false, reason: failure };
  const extra = calls.filter((_, i) => !matched.includes(i));
  if (expected.maxExtra !== undefined && extra.length > expected.maxExtra) {
    return { pass: false, reason: `${extra.length} call(s) beyond the ${expected.maxExtra} extra allowed: ${names(extra)}` };
  }
  const what = expected.steps.length ? `${expected.steps.map((s) => s.tool).join(', ')} (order ${expected.order})` : 'no required steps';
  return { pass: true, reason: `calls match ${what}${extra.length ? `, ${extra.length} extra` : ''}` };
}

export const calls: ScenarioScorer = {
  id: 'calls',
  description: 'the listed steps were called in the required order with matching arguments, and no more extra calls than maxExtra',
  applies: (s) => s.expect.calls !== undefined,
  check: (view) => checkCalls(view.scenario.expect.calls!, view.calls),
};
