/** Folding scenario results: the counts of a run, and the scenario and cost sections of merged results. */
import type { ToolvetResult } from '../report/model.ts';
import { addUsage, NO_USAGE } from '../judge/judge-cost.ts';
import type { JudgeCost } from '../judge/judge-types.ts';
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
    ...(scenarios.length > 0 ? { scenarios, scenarioSummary: withJudge(summariseScenarios(scenarios), parts) } : {}),
    ...(parts.some((p) => p.cost) ? { cost: foldCosts(costs, prices.length === 1 ? (JSON.parse(prices[0]) as NonNullable<ToolvetResult['cost']>['price']) : undefined) } : {}),
  };
}

type JudgeSummary = NonNullable<ScenarioSummary['judge']>;

/**
 * The parts' judges folded into one: calls, tokens and time summed; the cost summed when every part
 * priced it (null otherwise); the calibration kept when every judged part carries the same one, since
 * a figure measured for one judge or label file says nothing of another. Judges that differ are named
 * together ("a + b").
 */
function withJudge(summary: ScenarioSummary, parts: readonly ToolvetResult[]): ScenarioSummary {
  const judges = parts.flatMap((p) => (p.scenarioSummary?.judge ? [p.scenarioSummary.judge] : []));
  if (judges.length === 0) return summary;
  const ids = [...new Set(judges.map((j) => j.id))];
  const usage = judges.reduce((total, j) => addUsage(total, j.cost), NO_USAGE);
  const costs = judges.map((j) => j.cost.cost);
  const priceKeys = [...new Set(judges.map((j) => j.cost.priceKey))];
  const cost: JudgeCost = {
    ...usage,
    cost: costs.every((c): c is number => c !== null) ? costs.reduce((a, b) => a + b, 0) : null,
    ...(priceKeys.length === 1 && priceKeys[0] !== undefined ? { priceKey: priceKeys[0] } : {}),
  };
  const calibrations = [...new Set(judges.map((j) => (j.calibration ? JSON.stringify(j.calibration) : '')))];
  const judge: JudgeSummary = {
    id: ids.join(' + '),
    cost,
    ...(calibrations.length === 1 && calibrations[0] !== '' ? { calibration: judges[0].calibration } : {}),
  };
  return { ...summary, judge };
}
