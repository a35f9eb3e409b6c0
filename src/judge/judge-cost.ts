/**
 * The judge's cost, kept apart from the agent's: its verdicts' tokens and time summed, priced with the
 * same price table as the agent (`--prices`, src/run/cost.ts) under the judge's own model name.
 */
import { estimate, priceFor, type PriceTable } from '../run/cost.ts';
import type { JudgeCost, JudgeUsage } from './judge-types.ts';

export const NO_USAGE: JudgeUsage = Object.freeze({ calls: 0, promptTokens: 0, completionTokens: 0, latencyMs: 0 });

/** Adds judge usage up (a run's total). */
export function addUsage(total: JudgeUsage, more: JudgeUsage): JudgeUsage {
  return {
    calls: total.calls + more.calls,
    promptTokens: total.promptTokens + more.promptTokens,
    completionTokens: total.completionTokens + more.completionTokens,
    latencyMs: total.latencyMs + more.latencyMs,
  };
}

export function judgeCostOf(usage: JudgeUsage, judgeId: string, prices?: PriceTable): JudgeCost {
  const priced = priceFor(prices, judgeId);
  return { ...usage, cost: estimate(priced?.price, usage.promptTokens, usage.completionTokens), ...(priced ? { priceKey: priced.key } : {}) };
}
