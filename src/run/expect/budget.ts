/** `expect.budget`: model turns, tokens (prompt and completion) and time (model and tools) within limits. */
import type { ScenarioScorer } from './types.ts';

export const budget: ScenarioScorer = {
  id: 'budget',
  description: 'the run stayed within budget.turns, budget.tokens and budget.latencyMs',
  applies: (s) => s.expect.budget !== undefined,
  check: (view) => {
    const limits = view.scenario.expect.budget!;
    const cost = view.cost;
    const tokens = cost.promptTokens + cost.completionTokens;
    const ms = cost.modelLatencyMs + cost.toolLatencyMs;
    if (view.stop === 'budget') return { pass: false, reason: `budget spent before a final answer: ${view.budgetSpent ?? 'over budget'}` };
    if (limits.turns !== undefined && cost.turns > limits.turns) return { pass: false, reason: `${cost.turns} model turns, over the budget of ${limits.turns} (budget.turns)` };
    if (limits.tokens !== undefined && tokens > limits.tokens) return { pass: false, reason: `${tokens} tokens used, over the budget of ${limits.tokens} (budget.tokens)` };
    if (limits.latencyMs !== undefined && ms > limits.latencyMs) return { pass: false, reason: `${Math.round(ms)} ms spent, over the budget of ${limits.latencyMs} ms (budget.latencyMs)` };
    return { pass: true, reason: `within budget: ${cost.turns} turns, ${tokens} tokens, ${Math.round(ms)} ms` };
  },
};
