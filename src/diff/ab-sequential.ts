/**
 * The sequential, paired A/B: both sides answer the same queries; the first look runs every query
 * `firstRepeats` times on each side; a model that gave identical answers to every query is
 * deterministic, so its estimate is exact and nothing is repeated. Otherwise each later look adds
 * repeats, on both sides, to the queries still uncertain (an outcome that varied, or fewer than
 * four repeats), until the interval is decisive (ab-interval.ts) or the budget of model calls is
 * spent. The budget is split over the looks planned in advance: each look spends a share of what is
 * left, the last all of it.
 */
import { runSelection } from '../run/run-selection.ts';
import type { Attempt, CaseResult, ModelDriver, SelectionCase, ToolDefinition } from '../types.ts';
import { decide, estimateChange, intervalAt, lookZ, type AbPlan, type ChangeEstimate, type QueryTally } from './ab-interval.ts';
import type { AbVerdict } from './types.ts';
import type { Interval } from '../report/result-core.ts';

export const DEFAULT_AB_BUDGET = 2000;
export const DEFAULT_AB_LOOKS = 4;
export const FIRST_REPEATS = 2;
/** Repeats below which an unchanging query is still repeated (only for a model that is not deterministic). */
const SETTLED_REPEATS = 4;

export interface SequentialAbOptions {
  cases: readonly SelectionCase[];
  oldTools: ToolDefinition[];
  newTools: ToolDefinition[];
  model: ModelDriver;
  margin: number;
  budget?: number;
  looks?: number;
  firstRepeats?: number;
  alpha?: number;
  concurrency?: number;
  caseTimeoutMs?: number;
  signal?: AbortSignal;
  /**
   * Runs the cases `repeat` times against one side's tools (default: the selection runner). Lets the
   * same A/B judge other evals of descriptions, e.g. a skill trigger eval (`toolvet improve --skills`).
   */
  run?: (cases: SelectionCase[], tools: ToolDefinition[], repeat: number) => Promise<CaseResult[]>;
}

export interface SequentialAbOutcome {
  before: CaseResult[];
  after: CaseResult[];
  /** Queries left out because an attempt errored on either side. */
  excluded: string[];
  estimate: ChangeEstimate;
  interval: Interval;
  verdict: AbVerdict;
  calls: number;
  looks: number;
  deterministic: boolean;
  /** Why the run stopped: decided at a look, deterministic, or the budget spent. */
  stopped: 'decided' | 'deterministic' | 'budget';
}

/** One answer's identity: the calls with their arguments, or the choice of no tool. */
export const signature = (a: Attempt): string => JSON.stringify([a.state === 'errored' ? 'error' : a.chosen ?? null, a.calls ?? a.arguments ?? null]);

function merge(into: Map<string, CaseResult>, results: CaseResult[]): void {
  for (const r of results) {
    const prev = into.get(r.id);
    const attempts = prev ? [...prev.attempts, ...r.attempts] : r.attempts;
    const passed = attempts.filter((a) => a.state === 'passed').length;
    const state = attempts.some((a) => a.state === 'errored') ? 'errored' : passed === attempts.length ? 'passed' : 'failed';
    into.set(r.id, { ...(prev ?? r), attempts, passRate: passed / attempts.length, state, pass: state === 'passed' });
  }
}

export async function runSequentialAb(options: SequentialAbOptions): Promise<SequentialAbOutcome> {
  const budget = options.budget ?? 0;
  const looks = Math.max(1, options.looks ?? DEFAULT_AB_LOOKS);
  const first = Math.max(2, options.firstRepeats ?? FIRST_REPEATS);
  const olds = new Map<string, CaseResult>();
  const news = new Map<string, CaseResult>();
  let calls = 0;
  const run = async (cases: SelectionCase[], repeat: number): Promise<void> => {
    const common = { cases, model: options.model, repeat, concurrency: options.concurrency, caseTimeoutMs: options.caseTimeoutMs, signal: options.signal };
    const side = (tools: ToolDefinition[]): Promise<CaseResult[]> => (options.run ? options.run(cases, tools, repeat) : runSelection({ ...common, toolsFor: () => tools }));
    merge(olds, await side(options.oldTools));
    merge(news, await side(options.newTools));
    calls += 2 * cases.length * repeat;
  };
  const usable = (): SelectionCase[] => options.cases.filter((c) => olds.get(c.id)?.state !== 'errored' && news.get(c.id)?.state !== 'errored' && olds.has(c.id) && news.has(c.id));
  const tallies = (cases: SelectionCase[]): QueryTally[] =>
    cases.map((c) => {
      const [o, n] = [olds.get(c.id)!, news.get(c.id)!];
      const repeats = Math.min(o.attempts.length, n.attempts.length);
      const passes = (r: CaseResult): number => r.attempts.slice(0, repeats).filter((a) => a.state === 'passed').length;
      return { oldPasses: passes(o), newPasses: passes(n), repeats };
    });

  await run([...options.cases], first);
  let look = 1;
  let cases = usable();
  const deterministic = cases.length > 0 && cases.every((c) => [olds.get(c.id)!, news.get(c.id)!].every((r) => new Set(r.attempts.map(signature)).size === 1));
  let estimate = estimateChange(tallies(cases));
  const finish = (verdict: AbVerdict, interval: Interval, stopped: SequentialAbOutcome['stopped']): SequentialAbOutcome => ({
    before: [...olds.values()],
    after: [...news.values()],
    excluded: options.cases.filter((c) => !cases.includes(c)).map((c) => c.id),
    estimate,
    interval,
    verdict,
    calls,
    looks: look,
    deterministic,
    stopped,
  });
  if (cases.length === 0) return finish('not enough data', { low: -1, high: 1 }, 'decided');
  if (deterministic) {
    // Identical answers on every repeat: the estimate is exact for this query set.
    const exact = { low: estimate.difference, high: estimate.difference };
    return finish(decide(exact, options.margin) ?? 'not enough data', exact, 'deterministic');
  }
  for (;;) {
    const interval = intervalAt(estimate, lookZ(look, looks, options.alpha));
    const verdict = decide(interval, options.margin);
    if (verdict) return finish(verdict, interval, 'decided');
    const left = budget - calls;
    const uncertain = cases.filter((c) => {
      const t = tallies([c])[0];
      return t.repeats < SETTLED_REPEATS || (t.oldPasses > 0 && t.oldPasses < t.repeats) || (t.newPasses > 0 && t.newPasses < t.repeats);
    });
    if (look >= looks || uncertain.length === 0 || left < 2 * uncertain.length || options.signal?.aborted) return finish('not enough data', interval, 'budget');
    // This look spends an equal share of what is left over the looks to come.
    const spend = look + 1 >= looks ? left : left / (looks - look);
    const repeat = Math.max(1, Math.floor(spend / (2 * uncertain.length)));
    await run(uncertain, repeat);
    look += 1;
    cases = usable();
    estimate = estimateChange(tallies(cases));
  }
}

export type { AbPlan };
