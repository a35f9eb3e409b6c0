/** Folding scenario results: the counts of a run, and the scenario and cost sections of merged results. */
import type { ToolvetResult } from '../report/model.ts';
import { foldCosts } from './cost.ts';
import type { ScenarioResult, ScenarioSummary } from './scenario-types.ts';

export function summariseScenarios(scenarios: readonly ScenarioResult[]): ScenarioSummary {
  const calls = scenarios.flatMap((s) => s.turns.flatMap((t) => t.calls));
  return {
    scenarios: scenarios.length,
    passed: scenarios.filter((s) => s.state === 'passed').length,
    failed: scenarios.filter((s) => s.state === 'failed').length,
    errored: scenarios.filter((s) => s.state === 'errored').length,
    calls: calls.length,
    heldBack: calls.filter((c) => c.status === 'held').length,
  };
}

/** Scenarios concatenated and cost refolded over every part's cases and scenarios (for mergeResults). */
export function mergeScenarioSections(parts: readonly ToolvetResult[]): Pick<ToolvetResult, 'scenarios' | 'scenarioSummary' | 'cost'> {
  const scenarios = parts.flatMap((p) => p.scenarios ?? []);
  const costs = parts.flatMap((p) => [...(p.cases ?? []).flatMap((c) => (c.cost ? [c.cost] : [])), ...(p.scenarios ?? []).map((s) => s.cost)]);
  const prices = [...new Set(parts.map((p) => (p.cost?.price ? JSON.stringify(p.cost.price) : undefined)).filter((x): x is string => x !== undefined))];
  return {
    ...(scenarios.length > 0 ? { scenarios, scenarioSummary: summariseScenarios(scenarios) } : {}),
    ...(parts.some((p) => p.cost) ? { cost: foldCosts(costs, prices.length === 1 ? (JSON.parse(prices[0]) as NonNullable<ToolvetResult['cost']>['price']) : undefined) } : {}),
  };
}
