/**
 * The cost and speed gates: --max-tokens-per-case, --max-cost, --max-p95-latency. Each exceeded gate
 * fails the run with one reason that names the figure, the limit and (per case) the worst offenders.
 * `GateWatch` keeps what the reasons need as cases finish (a count and four names), not the cases.
 */
import type { CaseCost, CaseResult } from '../types.ts';
import { latencyOf, money, tokensOf } from './cost.ts';
import type { RunCost, ScenarioResult } from './scenario-types.ts';

export interface CostGates {
  maxTokensPerCase?: number;
  maxCost?: number;
  maxP95LatencyMs?: number;
  /** --max-tool-tokens: the estimated tokens of the tool list one request carries. */
  maxToolTokens?: number;
}

export interface GateOutcome {
  /** `fail`: a limit was exceeded; `error`: a gate could not be checked (no price for the model). */
  status: 'pass' | 'fail' | 'error';
  reasons: string[];
}

/** One case or scenario as the gates see it; `rank` is its place in the run (query-set order), for ties. */
interface GateItem {
  name: string;
  rank: number;
}

/**
 * What the per-case gates need, folded as each case finishes: how many cases went over
 * --max-tokens-per-case and the three worst, and the slowest case. Ties go to the earlier case in the
 * query set, so the reasons do not depend on the order cases finish in.
 */
export class GateWatch {
  private overCount = 0;
  private readonly worst: Array<GateItem & { tokens: number }> = [];
  private slowest: (GateItem & { ms: number }) | undefined;

  constructor(private readonly maxTokensPerCase?: number) {}

  add(name: string, cost: CaseCost, rank: number): void {
    const tokens = tokensOf(cost);
    if (this.maxTokensPerCase !== undefined && tokens > this.maxTokensPerCase) {
      this.overCount += 1;
      this.worst.push({ name, rank, tokens });
      this.worst.sort((a, b) => b.tokens - a.tokens || a.rank - b.rank);
      this.worst.length = Math.min(this.worst.length, 3);
    }
    const ms = latencyOf(cost);
    if (!this.slowest || ms > this.slowest.ms || (ms === this.slowest.ms && rank < this.slowest.rank)) this.slowest = { name, rank, ms };
  }

  checkCostGates(run: RunCost, gates: CostGates, modelId: string, pricesFile?: string): GateOutcome {
    const reasons: string[] = [];
    let status: GateOutcome['status'] = 'pass';
    if (gates.maxTokensPerCase !== undefined && this.overCount > 0) {
      status = 'fail';
      const named = this.worst.map((i) => `${i.name} (${i.tokens})`).join(', ');
      reasons.push(`${this.overCount} case(s) used more than --max-tokens-per-case ${gates.maxTokensPerCase} tokens: ${named}${this.overCount > 3 ? `, and ${this.overCount - 3} more` : ''}`);
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
    if (gates.maxP95LatencyMs !== undefined && run.p95LatencyMs > gates.maxP95LatencyMs && this.slowest) {
      if (status === 'pass') status = 'fail';
      reasons.push(`p95 latency ${fmtMs(run.p95LatencyMs)} is above --max-p95-latency ${fmtMs(gates.maxP95LatencyMs)} (slowest: ${this.slowest.name}, ${fmtMs(this.slowest.ms)})`);
    }
    return { status, reasons };
  }
}

/** The gates over a run's cases (with their costs attached) and scenarios, all in memory. */
export function checkCostGates(run: RunCost, cases: readonly CaseResult[], scenarios: readonly ScenarioResult[], gates: CostGates, modelId: string, pricesFile?: string): GateOutcome {
  const watch = new GateWatch(gates.maxTokensPerCase);
  cases.forEach((c, i) => watch.add(`${c.suite}/${c.id}`, c.cost!, i));
  scenarios.forEach((s, i) => watch.add(`${s.suite}/${s.id}`, s.cost, cases.length + i));
  return watch.checkCostGates(run, gates, modelId, pricesFile);
}

export const fmtMs = (ms: number): string => (ms === 0 ? '0 ms' : ms >= 100 ? `${Math.round(ms)} ms` : `${ms.toFixed(ms >= 1 ? 1 : 3)} ms`);
