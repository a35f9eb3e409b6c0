/**
 * The eval's running fold: each case result is added as it finishes (or, on --resume, as the earlier
 * file is read) and goes into the summaries (all and per query set), the costs (all and per query
 * set), the gates and the tools-ignored check. What stays of a case afterwards depends on `keep`:
 * - `all`: the case itself (library runs: `runEval` returns every case, as it always has);
 * - `failed`: at most FAILED_CASES_KEPT failed or errored cases, the first ones in query-set order, for
 *   the console, Markdown and annotations; every case stays in the results file (case-store.ts).
 * Every figure is the same in both modes and in any finishing order (exact sums, sorted keys, ties by
 * query-set order), so a streamed run's report equals the in-memory one.
 */
import type { Diagnostic, EvalSummary } from '../report/result-core.ts';
import { SummaryFold } from '../scoring/metrics.ts';
import type { CaseResult } from '../types.ts';
import { caseCost, CostFold, type Price } from './cost.ts';
import { GateWatch } from './gates.ts';
import type { RunCost } from './scenario-types.ts';

/** Failed cases a streamed run keeps in memory for display; the rest are counted, and in the results file. */
export const FAILED_CASES_KEPT = 100;

export interface CaseFoldOptions {
  keep: 'all' | 'failed';
  /** A case's place in the query sets (`Infinity` past the end is fine); orders kept cases and breaks ties. */
  rankOf: (c: CaseResult) => number;
  price?: Price;
  maxTokensPerCase?: number;
}

/** Per query set: its summary and its costs (for the "cost per query set" lines). */
interface SuiteFold {
  summary: SummaryFold;
  costs: CostFold;
  /** The earliest rank among its cases: query sets are listed in the order of their first case. */
  first: number;
}

export class CaseFold {
  readonly all = new SummaryFold();
  readonly costs = new CostFold();
  readonly gates: GateWatch;
  private readonly suites = new Map<string, SuiteFold>();
  private readonly kept: Array<{ rank: number; seq: number; c: CaseResult }> = [];
  private seq = 0;
  private answered = 0;
  private expecting = 0;
  private anyChosen = false;

  constructor(private readonly options: CaseFoldOptions) {
    this.gates = new GateWatch(options.maxTokensPerCase);
  }

  /** A case's place in the query sets. */
  rankOf(c: CaseResult): number {
    return this.options.rankOf(c);
  }

  /** Folds one case in and attaches its cost (in place, as the JSON result carries it). */
  add(c: CaseResult): void {
    c.cost = caseCost(c, this.options.price);
    const rank = this.options.rankOf(c);
    const seq = this.seq++;
    this.all.add(c);
    let suite = this.suites.get(c.suite);
    if (!suite) this.suites.set(c.suite, (suite = { summary: new SummaryFold(), costs: new CostFold(), first: rank }));
    suite.first = Math.min(suite.first, rank);
    suite.summary.add(c);
    suite.costs.add(c.cost);
    this.costs.add(c.cost);
    this.gates.add(`${c.suite}/${c.id}`, c.cost, rank);
    for (const a of c.attempts) {
      if (a.state === 'errored') continue;
      this.answered += 1;
      if (c.expected.tool !== null) this.expecting += 1;
      if (a.chosen !== null) this.anyChosen = true;
    }
    if (this.options.keep === 'all') this.kept.push({ rank, seq, c });
    else if (c.state === 'failed' || c.state === 'errored') this.keepFailed({ rank, seq, c });
  }

  /** Keeps the first FAILED_CASES_KEPT failed cases by query-set order, in a sorted list. */
  private keepFailed(item: { rank: number; seq: number; c: CaseResult }): void {
    const kept = this.kept;
    const before = (a: { rank: number; seq: number }, b: { rank: number; seq: number }): boolean => a.rank < b.rank || (a.rank === b.rank && a.seq < b.seq);
    if (kept.length >= FAILED_CASES_KEPT && !before(item, kept[kept.length - 1])) return;
    let low = 0;
    let high = kept.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (before(kept[mid], item)) low = mid + 1;
      else high = mid;
    }
    kept.splice(low, 0, item);
    if (kept.length > FAILED_CASES_KEPT) kept.pop();
  }

  /** Cases folded in so far. */
  get count(): number {
    return this.seq;
  }

  /** The kept cases in query-set order: every case (`all`) or the first failed ones (`failed`). */
  cases(): CaseResult[] {
    if (this.options.keep === 'all') this.kept.sort((a, b) => a.rank - b.rank || a.seq - b.seq);
    return this.kept.map((k) => k.c);
  }

  summary(): EvalSummary {
    return this.all.summary();
  }

  /** The summary of one query set (an empty one when none of its cases ran). */
  suiteSummary(name: string): EvalSummary {
    return (this.suites.get(name)?.summary ?? new SummaryFold()).summary();
  }

  /** Per query set, in the order of its first case, with its case costs. */
  suiteCosts(): Map<string, CostFold> {
    return new Map([...this.suites].sort(([, a], [, b]) => a.first - b.first).map(([name, s]) => [name, s.costs]));
  }

  /** The run's cost: these cases and the scenarios' costs (already folded in by the caller, if any). */
  cost(price?: RunCost['price']): RunCost {
    return this.costs.result(price);
  }

  /** A runner whose chat template lacks tool support silently ignores `tools`: the model then never calls one. */
  toolsIgnoredWarning(): Diagnostic | undefined {
    if (this.answered >= 4 && this.expecting / this.answered >= 0.5 && !this.anyChosen) {
      return {
        code: 'W_TOOLS_IGNORED',
        message: `the model called no tool in ${this.answered} answers although ${this.expecting} expected one`,
        hint: "the model's chat template may not support tools: for llama-server add --jinja; for Ollama pick a model tagged 'tools'",
      };
    }
    return undefined;
  }
}
