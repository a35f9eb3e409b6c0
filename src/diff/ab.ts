/**
 * The A/B of descriptions: each query set runs against the OLD and the NEW definitions (definitions
 * only, so the old server need not run), same model, sequentially (ab-sequential.ts): repeats are
 * added in looks on the queries still uncertain until the interval on the accuracy change, built
 * from per-query pass rates (ab-interval.ts), is decisive or the budget is spent.
 *
 * Verdicts (margin m, default 0.05): regressed when the whole interval is below -m, improved when it
 * is above 0, no detectable change when it is above -m, and otherwise not enough data: the budget
 * could not rule out a drop of m, so it must not pass silently. Each query's majority outcome gives
 * the flipped queries and an exact McNemar p-value, for reading, not for the verdict.
 */
import type { QuerySet } from '../config/query-set.ts';
import { chosenLabel, NO_TOOL } from '../scoring/metrics.ts';
import { decide, planAb, type AbPlan } from './ab-interval.ts';
import { DEFAULT_AB_BUDGET, DEFAULT_AB_LOOKS, FIRST_REPEATS, runSequentialAb } from './ab-sequential.ts';
import type { CaseResult, ModelDriver, SelectionCase, ToolDefinition } from '../types.ts';
import { mcnemarExactP, newcombePairedInterval, type PairedCounts } from './paired-stats.ts';
import type { Side } from './sides.ts';
import type { AbResult, AbVerdict, FlippedQuery } from './types.ts';

export const DEFAULT_AB_MARGIN = 0.05;

export interface AbOptions {
  sets: readonly QuerySet[];
  oldSide: Side;
  newSide: Side;
  model: ModelDriver;
  repeat?: number;
  concurrency?: number;
  caseTimeoutMs?: number;
  /** The largest drop in accuracy "no detectable change" must rule out (0-1). */
  margin?: number;
  /** Model calls the A/B may spend per query set, both sides together (default 2000). */
  budget?: number;
  /** Looks at the data, planned in advance (default 4). */
  looks?: number;
  /** Called with each query set's power plan before any call. */
  onPlan?: (plan: AbPlan, suite: string) => void;
  signal?: AbortSignal;
}

/** The tools a query set sees on one side: its servers' groups, or everything. */
export function toolsForSet(side: Side, set: QuerySet): ToolDefinition[] {
  const groups = [...side.groups.entries()];
  if (!set.servers || groups.length === 1) return groups.flatMap(([, tools]) => tools);
  return groups.filter(([name]) => set.servers!.includes(name)).flatMap(([, tools]) => tools);
}

export async function runAb(options: AbOptions): Promise<AbResult[]> {
  const results: AbResult[] = [];
  const margin = options.margin ?? DEFAULT_AB_MARGIN;
  const budget = options.budget ?? DEFAULT_AB_BUDGET;
  const looks = options.looks ?? DEFAULT_AB_LOOKS;
  const firstRepeats = Math.max(FIRST_REPEATS, options.repeat ?? FIRST_REPEATS);
  for (const set of options.sets) {
    const plan = planAb(set.cases.length, budget, margin, { looks, firstRepeats });
    options.onPlan?.(plan, set.name);
    const outcome = await runSequentialAb({
      cases: set.cases,
      oldTools: toolsForSet(options.oldSide, set),
      newTools: toolsForSet(options.newSide, set),
      model: options.model,
      margin,
      budget,
      looks,
      firstRepeats,
      concurrency: options.concurrency,
      caseTimeoutMs: options.caseTimeoutMs,
      signal: options.signal,
    });
    const repeat = Math.max(0, ...outcome.before.map((c) => c.attempts.length));
    const ab = compareRuns(set, outcome.before, outcome.after, { model: options.model.id, repeat, margin });
    results.push({
      ...ab,
      oldAccuracy: outcome.estimate.oldAccuracy,
      newAccuracy: outcome.estimate.newAccuracy,
      difference: outcome.estimate.difference,
      interval: outcome.interval,
      verdict: outcome.verdict,
      sequential: { budget, calls: outcome.calls, looks: outcome.looks, plannedLooks: looks, deterministic: outcome.deterministic, stopped: outcome.stopped, standardError: Number.isFinite(outcome.estimate.se) ? outcome.estimate.se : null, plan },
    });
  }
  return results;
}

/** The cases two runs share, folded into McNemar's 2x2 table, with the queries that flipped. */
export interface PairedRuns {
  table: PairedCounts;
  /** Cases left out: missing from either run, errored or skipped in either. */
  excluded: number;
  flipped: FlippedQuery[];
}

/** What a case is paired on: its query-set entry (a CaseResult carries the same as `expected`). */
export type PairedCase = Pick<SelectionCase, 'id' | 'suite' | 'query' | 'expect'>;

/**
 * The paired table of two runs, the one decision every paired comparison reads (the description A/B,
 * `eval --models`, `--loading both`): a case passes for a run when most of its attempts passed; a case
 * missing from either run, or that errored or was skipped in either, is left out. `keyOf` says which
 * case results are the same case (the id within one query set; suite and id across sets).
 */
export function pairRuns(cases: Iterable<PairedCase>, before: readonly CaseResult[], after: readonly CaseResult[], keyOf: (c: { id: string; suite: string }) => string = (c) => c.id): PairedRuns {
  const oldById = new Map(before.map((c) => [keyOf(c), c]));
  const newById = new Map(after.map((c) => [keyOf(c), c]));
  const table: PairedCounts = { both: 0, oldOnly: 0, newOnly: 0, neither: 0 };
  const flipped: FlippedQuery[] = [];
  let excluded = 0;
  for (const c of cases) {
    const o = oldById.get(keyOf(c));
    const n = newById.get(keyOf(c));
    if (!o || !n || hasError(o) || hasError(n) || o.state === 'skipped' || n.state === 'skipped') {
      excluded += 1;
      continue;
    }
    const [op, np] = [majorityPass(o), majorityPass(n)];
    if (op && np) table.both += 1;
    else if (op) table.oldOnly += 1;
    else if (np) table.newOnly += 1;
    else table.neither += 1;
    if (op !== np) flipped.push(flip(c, o, n, op ? 'pass->fail' : 'fail->pass'));
  }
  flipped.sort((a, b) => a.direction.localeCompare(b.direction) || a.id.localeCompare(b.id));
  return { table, excluded, flipped };
}

/** Pairs two runs of one query set case by case and folds them into an AbResult. */
export function compareRuns(set: { name: string; cases: readonly PairedCase[] }, before: readonly CaseResult[], after: readonly CaseResult[], meta: { model: string; repeat: number; margin: number }): AbResult {
  const { table, excluded, flipped } = pairRuns(set.cases, before, after);
  const queries = table.both + table.oldOnly + table.newOnly + table.neither;
  const oldAccuracy = queries ? (table.both + table.oldOnly) / queries : 0;
  const newAccuracy = queries ? (table.both + table.newOnly) / queries : 0;
  const interval = newcombePairedInterval(table);
  return {
    suite: set.name,
    model: meta.model,
    repeat: meta.repeat,
    queries,
    excluded,
    oldAccuracy,
    newAccuracy,
    difference: newAccuracy - oldAccuracy,
    interval,
    mcnemarP: mcnemarExactP(table.oldOnly, table.newOnly),
    worse: table.oldOnly,
    better: table.newOnly,
    margin: meta.margin,
    verdict: verdictOf(queries, interval, meta.margin),
    flipped,
  };
}

export function verdictOf(queries: number, interval: { low: number; high: number }, margin: number): AbVerdict {
  if (queries === 0) return 'not enough data';
  return decide(interval, margin) ?? 'not enough data';
}

const hasError = (c: CaseResult): boolean => c.attempts.some((a) => a.state === 'errored');
const majorityPass = (c: CaseResult): boolean => c.passRate > 0.5;

/** The most frequent choice over the attempts, as a label: a tool name or `(none)`. */
function usualChoice(c: CaseResult): string {
  const counts = new Map<string, number>();
  for (const a of c.attempts) counts.set(chosenLabel(a), (counts.get(chosenLabel(a)) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? NO_TOOL;
}

function flip(c: PairedCase, o: CaseResult, n: CaseResult, direction: FlippedQuery['direction']): FlippedQuery {
  const tool = c.expect.tool;
  const expected = tool === null ? NO_TOOL : Array.isArray(tool) ? tool.join(' | ') : tool;
  return { id: c.id, suite: c.suite, query: c.query, expected, direction, oldChoice: usualChoice(o), newChoice: usualChoice(n), oldPassRate: o.passRate, newPassRate: n.passRate };
}
