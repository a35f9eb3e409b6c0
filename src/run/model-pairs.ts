/**
 * Pairwise comparison of the models of `eval --models`: the same cases answered by two models, folded
 * into the A/B's own paired table (`pairRuns` in src/diff/ab.ts) and judged with the statistics of the description A/B (src/diff/paired-stats.ts):
 * Newcombe's interval of the difference and the exact McNemar test. A pure function, tested by a table.
 */
import { pairRuns, type PairedCase } from '../diff/ab.ts';
import { mcnemarExactP, newcombePairedInterval } from '../diff/paired-stats.ts';
import type { ModelPair } from '../report/model.ts';
import type { CaseResult } from '../types.ts';

export const MODEL_ALPHA = 0.05;

/** One model's cases, as `runEval` returns them. */
export interface ModelCases {
  model: string;
  cases: readonly CaseResult[];
}

const key = (c: { suite: string; id: string }): string => `${c.suite}\u0000${c.id}`;

export function compareModels(a: ModelCases, b: ModelCases, alpha: number = MODEL_ALPHA): ModelPair {
  // Every case either model has, in a's order then b's; "old" is b and "new" is a, so Newcombe's interval is of a - b.
  const cases = new Map<string, PairedCase>();
  for (const c of [...a.cases, ...b.cases]) if (!cases.has(key(c))) cases.set(key(c), { id: c.id, suite: c.suite, query: c.query, expect: c.expected });
  const { table, excluded } = pairRuns(cases.values(), b.cases, a.cases, key);
  const queries = table.both + table.oldOnly + table.newOnly + table.neither;
  const aAccuracy = queries ? (table.both + table.newOnly) / queries : 0;
  const bAccuracy = queries ? (table.both + table.oldOnly) / queries : 0;
  const mcnemarP = mcnemarExactP(table.oldOnly, table.newOnly);
  const significant = queries > 0 && mcnemarP < alpha;
  return {
    a: a.model,
    b: b.model,
    queries,
    excluded,
    aAccuracy,
    bAccuracy,
    difference: aAccuracy - bAccuracy,
    interval: newcombePairedInterval(table),
    mcnemarP,
    aOnly: table.newOnly,
    bOnly: table.oldOnly,
    significant,
    better: significant ? (aAccuracy > bAccuracy ? a.model : b.model) : null,
  };
}

/** Every pair, in the order the models were listed. */
export function compareAllModels(runs: readonly ModelCases[], alpha: number = MODEL_ALPHA): ModelPair[] {
  const pairs: ModelPair[] = [];
  for (let i = 0; i < runs.length; i++) for (let j = i + 1; j < runs.length; j++) pairs.push(compareModels(runs[i], runs[j], alpha));
  return pairs;
}

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
const points = (x: number): string => `${x >= 0 ? '+' : '-'}${Math.abs(x * 100).toFixed(1)} points`;

/** One sentence per pair: which model is better, by how much, and whether it is significant. */
export function describePair(p: ModelPair): string {
  const interval = `95% interval ${points(p.interval.low)} to ${points(p.interval.high)}`;
  if (p.queries === 0) return `${p.a} vs ${p.b}: no case both answered, nothing to compare`;
  if (!p.better) return `${p.a} vs ${p.b}: not significantly different (${pct(p.aAccuracy)} vs ${pct(p.bAccuracy)}, ${interval}, McNemar p = ${p.mcnemarP.toPrecision(2)}, ${p.queries} cases)`;
  const aWins = p.better === p.a;
  const [winner, loser, d] = aWins ? [p.a, p.b, p.difference] : [p.b, p.a, -p.difference];
  const [low, high] = aWins ? [p.interval.low, p.interval.high] : [-p.interval.high, -p.interval.low];
  return `${winner} is better than ${loser} by ${points(d).slice(1)} (${pct(Math.max(p.aAccuracy, p.bAccuracy))} vs ${pct(Math.min(p.aAccuracy, p.bAccuracy))}, 95% interval ${points(low)} to ${points(high)}, McNemar p = ${p.mcnemarP.toPrecision(2)}, significant, ${p.queries} cases)`;
}

/**
 * The recommendation line: the most accurate model when it beats every other significantly; otherwise
 * the models the data cannot separate from it, and what would separate them.
 */
export function recommendModel(accuracy: ReadonlyArray<{ model: string; accuracy: number }>, pairs: readonly ModelPair[]): string {
  if (accuracy.length === 0) return 'no model ran';
  const best = [...accuracy].sort((x, y) => y.accuracy - x.accuracy)[0];
  const rivals = pairs.filter((p) => (p.a === best.model || p.b === best.model) && p.better !== best.model).map((p) => (p.a === best.model ? p.b : p.a));
  if (rivals.length === 0) return `use ${best.model}: significantly more accurate than ${accuracy.length === 2 ? 'the other model' : `each of the other ${accuracy.length - 1} models`} on these cases`;
  return `the data cannot separate ${best.model} (most accurate, ${pct(best.accuracy)}) from ${rivals.join(', ')}: add cases or --repeat, or choose on cost and latency`;
}
