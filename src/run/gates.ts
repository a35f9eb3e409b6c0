/**
 * The cost and speed gates: --max-tokens-per-case, --max-cost, --max-p95-latency. Each exceeded gate
 * fails the run with one reason that names the figure, the limit and (per case) the worst offenders.
 */
import type { CaseResult } from '../types.ts';
import { latencyOf, money, tokensOf } from './cost.ts';
import type { RunCost, ScenarioResult } from './scenario-types.ts';

export interface CostGates {
  maxTokensPerCase?: number;
  maxCost?: number;
  maxP95LatencyMs?: number;
}

export interface GateOutcome {
  /** `fail`: a limit was exceeded; `error`: a gate could not be checked (no price for the model). */
  status: 'pass' | 'fail' | 'error';
  reasons: string[];
}

export function checkCostGates(run: RunCost, cases: readonly CaseResult[], scenarios: readonly ScenarioResult[], gates: CostGates, modelId: string, pricesFile?: string): GateOutcome {
  const reasons: string[] = [];
  let status: GateOutcome['status'] = 'pass';
  if (gates.maxTokensPerCase !== undefined) {
    const items = [...cases.map((c) => ({ name: `${c.suite}/${c.id}`, tokens: tokensOf(c.cost!) })), ...scenarios.map((s) => ({ name: `${s.suite}/${s.id}`, tokens: tokensOf(s.cost) }))];
    const over = items.filter((i) => i.tokens > gates.maxTokensPerCase!).sort((a, b) => b.tokens - a.tokens);
    if (over.length > 0) {
      status = 'fail';
      const named = over.slice(0, 3).map((i) => `${i.name} (${i.tokens})`).join(', ');
      reasons.push(`${over.length} case(s) used more than --max-tokens-per-case ${gates.maxTokensPerCase} tokens: ${named}${over.length > 3 ? `, and ${over.length - 3} more` : ''}`);
    }
  }
  if (gates.maxCost !== undefined) {
    if (run.cost === null) {
      status = 'error';
      reasons.push(`--max-cost needs a price for model "${modelId}"${pricesFile ? `, which ${pricesFile} does not have` : ': pass --prices FILE'}`);
    } else if (run.cost > gates.maxCost) {
      if (status === 'pass') status = 'fail';
      reasons.push(`estimated cost ${money(run.cost)} is above --max-cost ${money(gates.maxCost)} (${run.promptTokens} prompt + ${run.completionTokens} completion tokens at ${run.price!.key}'s price)`);
    }
  }
  if (gates.maxP95LatencyMs !== undefined && run.p95LatencyMs > gates.maxP95LatencyMs) {
    if (status === 'pass') status = 'fail';
    const slowest = [...cases.map((c) => ({ name: `${c.suite}/${c.id}`, ms: latencyOf(c.cost!) })), ...scenarios.map((s) => ({ name: `${s.suite}/${s.id}`, ms: latencyOf(s.cost) }))].sort((a, b) => b.ms - a.ms)[0];
    reasons.push(`p95 latency ${fmtMs(run.p95LatencyMs)} is above --max-p95-latency ${fmtMs(gates.maxP95LatencyMs)} (slowest: ${slowest.name}, ${fmtMs(slowest.ms)})`);
  }
  return { status, reasons };
}

export const fmtMs = (ms: number): string => (ms === 0 ? '0 ms' : ms >= 100 ? `${Math.round(ms)} ms` : `${ms.toFixed(ms >= 1 ? 1 : 3)} ms`);
