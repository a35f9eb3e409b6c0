/**
 * Scenarios in vitest suites: `evalScenarios` runs query sets with scenarios against live servers (the
 * mock model by default), and `toFollowTrajectory` asserts the calls a scenario made, with the same
 * step matching as `expect.calls` in a query set. The failure message is the reason and the trajectory.
 */
import { normaliseArgs } from '../config/query-set.ts';
import type { ToolvetResult } from '../report/model.ts';
import { trajectoryText } from '../report/scenario-text.ts';
import { checkCalls } from '../run/expect/calls.ts';
import type { CallOrder, ScenarioResult } from '../run/scenario-types.ts';
import type { JsonValue } from '../types.ts';
import { evalSelection, type SelectionEvalOptions } from './eval-selection.ts';

export type ScenariosEvalOptions = SelectionEvalOptions;

/** Runs the query sets (their scenarios and any cases) with the model from options, the mock by default. */
export function evalScenarios(options: ScenariosEvalOptions): Promise<ToolvetResult> {
  return evalSelection(options);
}

/** A step: a tool name, or a tool with acceptable argument values (as in a query set: `{title: ["buy oat milk"]}`). */
export type TrajectoryStep = string | { tool: string; args?: Record<string, JsonValue[] | { anyOf: JsonValue[]; optional?: boolean } | { any: true; optional?: boolean }> };

export interface TrajectoryOptions {
  /** Default `in-order`. */
  order?: CallOrder;
  /** Calls beyond the steps allowed; default unlimited. */
  maxExtra?: number;
  /** Which scenario of a whole result (needed when it has more than one). */
  scenario?: string;
}

interface MatcherResult {
  pass: boolean;
  message: () => string;
}

function pickScenario(received: ToolvetResult | ScenarioResult, id: string | undefined): ScenarioResult | string {
  if ('turns' in received && 'checks' in received) return received;
  const scenarios = (received as ToolvetResult).scenarios ?? [];
  if (id !== undefined) return scenarios.find((s) => s.id === id || `${s.suite}/${s.id}` === id) ?? `no scenario "${id}" in the result (have: ${scenarios.map((s) => s.id).join(', ') || 'none'})`;
  if (scenarios.length === 1) return scenarios[0];
  return `the result has ${scenarios.length} scenarios: name one with {scenario: "id"}`;
}

export const scenarioMatchers = {
  /** The scenario's calls include the steps in the given order (and at most maxExtra others). */
  toFollowTrajectory(received: ToolvetResult | ScenarioResult, steps: TrajectoryStep[], options: TrajectoryOptions = {}): MatcherResult {
    const scenario = pickScenario(received, options.scenario);
    if (typeof scenario === 'string') return { pass: false, message: () => `toFollowTrajectory: ${scenario}` };
    const expected = {
      order: options.order ?? 'in-order',
      ...(options.maxExtra !== undefined ? { maxExtra: options.maxExtra } : {}),
      steps: steps.map((s) => (typeof s === 'string' ? { tool: s } : { tool: s.tool, ...(s.args ? { args: normaliseArgs(s.args) } : {}) })),
    };
    const calls = scenario.turns.flatMap((t) => t.calls);
    const outcome = checkCalls(expected, calls);
    const wanted = expected.steps.map((s) => s.tool).join(', ') || '(no steps)';
    return {
      pass: outcome.pass,
      message: () =>
        outcome.pass
          ? `expected ${scenario.suite}/${scenario.id} not to follow ${wanted} (order ${expected.order}), but it did\n${trajectoryText(scenario)}`
          : `expected ${scenario.suite}/${scenario.id} to follow ${wanted} (order ${expected.order}): ${outcome.reason}\n${trajectoryText(scenario)}`,
    };
  },
};

declare module 'vitest' {
  // vitest declares `Matchers<T = any>`; a merged declaration must repeat it exactly.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  interface Matchers<T = any> {
    toFollowTrajectory(steps: TrajectoryStep[], options?: TrajectoryOptions): T;
  }
}
