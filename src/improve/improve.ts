/**
 * `toolvet improve`: better tool descriptions, kept only when held-out queries confirm them.
 * The query set is split into train and held-out parts (split.ts); for each tool that fails train
 * cases (weakest recall first), rewordings are proposed (candidates.ts, plus any the caller adds),
 * linted (a lint error drops one), scored on train, and the best few go to the held-out part, where
 * the sequential paired A/B (diff/ab-sequential.ts) must say "improved" and no other tool's case may
 * lose passes. A candidate that helps train but not held-out is reported as overfitting, not applied.
 */
import { lintTools } from '../lint/lint-tools.ts';
import { runSelection } from '../run/run-selection.ts';
import { summarise } from '../scoring/metrics.ts';
import type { Interval } from '../report/result-core.ts';
import type { CaseResult, ModelDriver, SelectionCase, ToolDefinition } from '../types.ts';
import { DEFAULT_AB_MARGIN } from '../diff/ab.ts';
import { mcnemarExactP, newcombePairedInterval } from '../diff/paired-stats.ts';
import { runSequentialAb, DEFAULT_AB_BUDGET } from '../diff/ab-sequential.ts';
import type { AbVerdict } from '../diff/types.ts';
import { decide, estimateChange, intervalAt, lookZ } from '../diff/ab-interval.ts';
import { proposeCandidates, type Candidate } from './candidates.ts';
import { REWORD_MARKER, rewordPrompt } from '../models/mock-reword.ts';
import { splitCases } from './split.ts';
import { crossFit, DEFAULT_FOLDS } from './cross-fit.ts';
import { nearMissCandidates, takenWrongly } from './near-misses.ts';

export interface ImproveOptions {
  tools: ToolDefinition[];
  cases: SelectionCase[];
  model: ModelDriver;
  /** Only these tools (default: every tool with a failed train case). */
  targets?: string[];
  seed?: number;
  fraction?: number;
  iterations?: number;
  /** Candidates taken from train to the held-out A/B (default 2). */
  keep?: number;
  budget?: number;
  /** More candidates (a test's plant). */
  extraCandidates?: (tools: ToolDefinition[], target: string, failed: readonly CaseResult[]) => Candidate[];
  /** A model that writes one more candidate per tool and round from the failed requests (`--base-url`). */
  rewriter?: ModelDriver;
  /**
   * Parts the train split is cut into for cross-fitted scores (cross-fit.ts; default 3); 0 or 1 ranks
   * candidates on their plain train score, built from and scored on the same requests.
   */
  folds?: number;
  /**
   * Runs cases against a set of descriptions `repeat` times (default: the tool-selection runner). The
   * skills path passes a trigger eval, with each skill as a "tool" whose description is the SKILL.md's.
   */
  evaluate?: (cases: SelectionCase[], tools: ToolDefinition[], repeat: number) => Promise<CaseResult[]>;
  /** The lint errors of the changed descriptions (default: the tool lint's errors on the changed tools). */
  lint?: (tools: ToolDefinition[], changed: string[]) => Array<{ ruleId: string; message: string }>;
}

export interface Accuracy {
  accuracy: number;
  interval: Interval;
}

export interface ImproveStep {
  iteration: number;
  tool: string;
  candidate: string;
  summary: string;
  /** Old and new descriptions of every tool the candidate changed. */
  changes: Array<{ tool: string; old: string; new: string }>;
  train: { before: Accuracy; after: Accuracy };
  heldOut: { before: Accuracy; after: Accuracy; difference: number; interval: Interval; verdict: AbVerdict };
  /**
   * Newcombe's paired interval over the held-out queries, treating them as a sample of the queries
   * users write (the A/B's interval is exact on these queries for a deterministic model): context for
   * how far the gain may carry beyond them, not the acceptance test.
   */
  heldOutQueries: { interval: Interval; mcnemarP: number };
  /**
   * The improved tool's own held-out cases (its recall): passed of all, before and after; the paired
   * A/B on them (`abInterval`, `verdict`: the held-out A/B's answers restricted to these cases, exact
   * for a deterministic model, else at 95%); and Newcombe's paired interval with McNemar's p taking
   * them as a sample of the requests users write for this tool.
   */
  toolHeldOut: { cases: number; before: number; after: number; difference: number; abInterval: Interval; verdict: AbVerdict; interval: Interval; mcnemarP: number };
  /** The candidate's cross-fitted train accuracy (absent when cross-fitting is off). */
  crossFitted?: { before: number; after: number };
  /** Held-out queries that flipped, as `id: fail->pass` or `id: pass->fail`. */
  flipped: string[];
}

export interface RefusedCandidate {
  iteration: number;
  tool: string;
  candidate: string;
  summary: string;
  reason: string;
}

export interface ImproveResult {
  split: { seed: number; fraction: number; train: string[]; heldOut: string[] };
  steps: ImproveStep[];
  refused: RefusedCandidate[];
  tools: ToolDefinition[];
}

const accuracyOf = (results: CaseResult[]): Accuracy => {
  const s = summarise(results);
  return { accuracy: s.accuracy, interval: s.interval };
};
const expects = (c: SelectionCase, tool: string): boolean => (Array.isArray(c.expect.tool) ? c.expect.tool.includes(tool) : c.expect.tool === tool);

export async function improveDescriptions(options: ImproveOptions): Promise<ImproveResult> {
  const split = splitCases(options.cases, options.seed ?? 1, options.fraction ?? 0.6);
  const evaluate = options.evaluate;
  const run = (cases: SelectionCase[], tools: ToolDefinition[]): Promise<CaseResult[]> => (evaluate ? evaluate(cases, tools, 1) : runSelection({ cases, toolsFor: () => tools, model: options.model, concurrency: 1 }));
  const lintErrorsOf = options.lint ?? ((list: ToolDefinition[], changed: string[]) => lintTools(list).findings.filter((f) => f.severity === 'error' && changed.includes(f.target ?? '')));
  const steps: ImproveStep[] = [];
  const refused: RefusedCandidate[] = [];
  let tools = options.tools;
  for (let iteration = 1; iteration <= (options.iterations ?? 3); iteration++) {
    const train = await run(split.train, tools);
    const recall = (name: string): number => {
      const mine = train.filter((r) => expects(split.train.find((c) => c.id === r.id)!, name));
      return mine.length ? mine.filter((r) => r.pass).length / mine.length : 1;
    };
    // Tools with failed cases, and tools that took other cases wrongly (a near miss that loads a skill).
    const failing = [...new Set(train.filter((r) => !r.pass).flatMap((r) => [...(typeof r.expected.tool === 'string' ? [r.expected.tool] : []), ...(typeof r.chosen === 'string' ? [r.chosen] : [])]))]
      .filter((t) => tools.some((tool) => tool.name === t))
      .filter((t) => !options.targets || options.targets.includes(t))
      .sort((a, b) => recall(a) - recall(b) || a.localeCompare(b));
    let accepted = false;
    for (const target of failing) {
      const failed = train.filter((r) => !r.pass && r.expected.tool === target);
      const generate = async (failedHere: CaseResult[], trainHere: CaseResult[]): Promise<Candidate[]> => [
        ...(options.rewriter && failedHere.length ? await modelCandidate(options.rewriter, tools, target, failedHere) : []),
        ...proposeCandidates(tools, target, failedHere, trainHere),
        ...nearMissCandidates(tools, target, takenWrongly(trainHere, target)),
        ...(failedHere.length ? (options.extraCandidates?.(tools, target, failedHere) ?? []) : []),
      ];
      const candidates = await generate(failed, train);
      const folds = options.folds ?? DEFAULT_FOLDS;
      const fitted = folds > 1 ? await crossFit({ train: split.train, results: train, folds, seed: split.seed, generate, run, target }) : undefined;
      const baseline = accuracyOf(train).accuracy;
      const scored: Array<{ candidate: Candidate; train: CaseResult[]; fitted: number }> = [];
      for (const candidate of candidates) {
        const lintErrors = lintErrorsOf(candidate.tools, changedTools(tools, candidate.tools));
        if (lintErrors.length) {
          refused.push({ iteration, tool: target, candidate: candidate.id, summary: candidate.summary, reason: `lint error: ${lintErrors[0].ruleId}: ${lintErrors[0].message}` });
          continue;
        }
        const results = await run(split.train, candidate.tools);
        const after = accuracyOf(results).accuracy;
        const outOfFold = fitted?.get(candidate.id) ?? after;
        if (after <= baseline) refused.push({ iteration, tool: target, candidate: candidate.id, summary: candidate.summary, reason: 'no gain on the train split' });
        else if (outOfFold <= baseline) {
          refused.push({ iteration, tool: target, candidate: candidate.id, summary: candidate.summary, reason: `helped train (train ${pct(baseline)} -> ${pct(after)}) but not the train requests it was not built from (cross-fitted ${pct(outOfFold)})` });
        } else scored.push({ candidate, train: results, fitted: outOfFold });
      }
      // Best cross-fitted score first (what carries over to requests a candidate was not written from),
      // then best on train; on a tie, the candidate combining more kinds of edit.
      scored.sort((a, b) => b.fitted - a.fitted || accuracyOf(b.train).accuracy - accuracyOf(a.train).accuracy || (b.candidate.edits ?? 1) - (a.candidate.edits ?? 1));
      const keep = options.keep ?? 2;
      for (const { candidate, train: after } of scored.slice(keep)) {
        refused.push({ iteration, tool: target, candidate: candidate.id, summary: candidate.summary, reason: `train ${pct(accuracyOf(after).accuracy)}, not among the best ${keep} taken to held-out` });
      }
      for (const { candidate, train: after } of scored.slice(0, keep)) {
        if (accepted) {
          refused.push({ iteration, tool: target, candidate: candidate.id, summary: candidate.summary, reason: `train ${pct(accuracyOf(after).accuracy)}, not tested on held-out: a better-ranked candidate was accepted first` });
          continue;
        }
        const { fitted: outOfFold } = scored.find((s) => s.candidate === candidate)!;
        const ab = await runSequentialAb({ cases: split.heldOut, oldTools: tools, newTools: candidate.tools, model: options.model, margin: DEFAULT_AB_MARGIN, budget: options.budget ?? DEFAULT_AB_BUDGET, ...(evaluate ? { run: evaluate } : {}) });
        const siblingDrops = [...sameCases(train, after), ...sameCases(ab.before, ab.after)].filter(([o, n]) => o.expected.tool !== target && n.passRate < o.passRate);
        const gain = `train ${pct(accuracyOf(train).accuracy)} -> ${pct(accuracyOf(after).accuracy)}`;
        if (ab.verdict !== 'improved' || siblingDrops.length) {
          const why = ab.verdict !== 'improved' ? `helped train (${gain}) but not held-out: ${ab.verdict}, ${signed(ab.estimate.difference)}` : `a sibling tool's case lost passes: ${siblingDrops.map(([o]) => o.id).join(', ')}`;
          refused.push({ iteration, tool: target, candidate: candidate.id, summary: candidate.summary, reason: why });
          continue;
        }
        steps.push({
          iteration,
          tool: target,
          candidate: candidate.id,
          summary: candidate.summary,
          changes: changedTools(tools, candidate.tools).map((name) => ({ tool: name, old: tools.find((t) => t.name === name)!.description ?? '', new: candidate.tools.find((t) => t.name === name)!.description ?? '' })),
          train: { before: accuracyOf(train), after: accuracyOf(after) },
          ...(fitted ? { crossFitted: { before: baseline, after: outOfFold } } : {}),
          heldOut: { before: accuracyOf(ab.before), after: accuracyOf(ab.after), difference: ab.estimate.difference, interval: ab.interval, verdict: ab.verdict },
          toolHeldOut: toolRecall(ab.before, ab.after, target, ab.deterministic),
          heldOutQueries: querySample(sameCases(ab.before, ab.after)),
          flipped: sameCases(ab.before, ab.after).filter(([o, n]) => o.pass !== n.pass).map(([o, n]) => `${o.id}: ${o.pass ? 'pass' : 'fail'}->${n.pass ? 'pass' : 'fail'}`),
        });
        tools = candidate.tools;
        accepted = true;
      }
      if (accepted) break;
    }
    if (!accepted) break;
  }
  return { split: { seed: split.seed, fraction: split.fraction, train: split.train.map((c) => c.id), heldOut: split.heldOut.map((c) => c.id) }, steps, refused, tools };
}

function querySample(pairs: Array<[CaseResult, CaseResult]>): { interval: Interval; mcnemarP: number } {
  const counts = { both: 0, oldOnly: 0, newOnly: 0, neither: 0 };
  for (const [o, n] of pairs) counts[o.pass && n.pass ? 'both' : o.pass ? 'oldOnly' : n.pass ? 'newOnly' : 'neither']++;
  return { interval: newcombePairedInterval(counts), mcnemarP: mcnemarExactP(counts.oldOnly, counts.newOnly) };
}

function toolRecall(before: CaseResult[], after: CaseResult[], tool: string, deterministic: boolean): ImproveStep['toolHeldOut'] {
  const mine = sameCases(before, after).filter(([o]) => (Array.isArray(o.expected.tool) ? o.expected.tool.includes(tool) : o.expected.tool === tool));
  const passedBefore = mine.filter(([o]) => o.pass).length;
  const passedAfter = mine.filter(([, n]) => n.pass).length;
  const tallies = mine.map(([o, n]) => {
    const repeats = Math.min(o.attempts.length, n.attempts.length);
    const passes = (r: CaseResult): number => r.attempts.slice(0, repeats).filter((a) => a.state === 'passed').length;
    return { oldPasses: passes(o), newPasses: passes(n), repeats: Math.max(1, repeats) };
  });
  const estimate = estimateChange(tallies);
  const abInterval = deterministic ? { low: estimate.difference, high: estimate.difference } : intervalAt(estimate, lookZ(1, 1));
  return {
    cases: mine.length,
    before: passedBefore,
    after: passedAfter,
    difference: mine.length ? (passedAfter - passedBefore) / mine.length : 0,
    abInterval,
    verdict: mine.length ? (decide(abInterval, DEFAULT_AB_MARGIN) ?? 'not enough data') : 'not enough data',
    ...querySample(mine),
  };
}

function changedTools(before: ToolDefinition[], after: ToolDefinition[]): string[] {
  return after.filter((t) => before.find((b) => b.name === t.name)?.description !== t.description).map((t) => t.name);
}

function sameCases(a: CaseResult[], b: CaseResult[]): Array<[CaseResult, CaseResult]> {
  const byId = new Map(b.map((r) => [r.id, r]));
  return a.flatMap((r) => (byId.has(r.id) ? [[r, byId.get(r.id)!] as [CaseResult, CaseResult]] : []));
}

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
const signed = (x: number): string => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)} points`;

const REWORD_SYSTEM = `${REWORD_MARKER} Reply with the new description only, as plain text: say what the tool does and when to call it, include the phrases users write for it, and end with a "Do NOT use for ..." clause naming the other tool to use instead. Keep every true statement of the current description.`;

/** One candidate written by a model; none when it answers with nothing usable. */
async function modelCandidate(model: ModelDriver, tools: ToolDefinition[], target: string, failed: readonly CaseResult[]): Promise<Candidate[]> {
  const tool = tools.find((t) => t.name === target)!;
  const siblings = [...new Set(failed.map((c) => c.chosen).filter((n): n is string => typeof n === 'string' && n !== target))];
  const response = await model.complete({
    messages: [
      { role: 'system', content: REWORD_SYSTEM },
      { role: 'user', content: rewordPrompt({ tool: target, description: tool.description ?? '', failed: failed.map((c) => c.query), siblings }) },
    ],
    tools: [],
    temperature: 0,
  });
  const text = response.text.trim().replace(/^```\w*\n?|\n?```$/g, '').trim();
  if (!text || response.toolCalls.length || text === (tool.description ?? '').trim()) return [];
  return [{ id: 'model', summary: `rewritten by ${model.id}`, tools: tools.map((t) => (t.name === target ? { ...t, description: text } : t)) }];
}
