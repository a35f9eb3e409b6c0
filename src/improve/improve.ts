/**
 * `toolvet improve`: better tool descriptions, kept only when held-out queries prove them.
 * The query set is split into train and held-out parts (split.ts); for each tool that fails train
 * cases (weakest recall first), rewordings are proposed (candidates.ts, plus any the caller adds),
 * linted (a lint error drops one), checked for words other tools own (word-ownership.ts), scored on
 * train and cross-fitted, and the best few are judged on the held-out part (held-out.ts): accepted
 * only when Newcombe's paired interval for the held-out gain excludes zero, no held-out case of an
 * edited tool goes from pass to fail, and no other tool's case loses passes. Every candidate that
 * passes lint and the word rule also gets its held-out interval, so each refusal shows it.
 */
import { lintTools } from '../lint/lint-tools.ts';
import { runSelection } from '../run/run-selection.ts';
import type { CaseResult, ModelDriver, SelectionCase, ToolDefinition } from '../types.ts';
import { proposeCandidates, type Candidate } from './candidates.ts';
import { REWORD_MARKER, rewordPrompt } from '../models/mock-reword.ts';
import { splitCases } from './split.ts';
import { crossFit, DEFAULT_FOLDS } from './cross-fit.ts';
import { nearMissCandidates, takenWrongly } from './near-misses.ts';
import { heldOutDecision, heldOutEvidence, heldOutPower, type Accuracy, type HeldOutEvidence, type HeldOutPower, type RefusalRule } from './held-out.ts';
import { countingRule, type Counting } from './trials.ts';
import { describeForbidden, forbiddenWordsAdded } from './word-ownership.ts';
import { wilsonInterval } from '../scoring/metrics.ts';

export type { Accuracy, HeldOutEvidence, HeldOutPower, RefusalRule } from './held-out.ts';
export type { Counting } from './trials.ts';

export interface ImproveOptions {
  tools: ToolDefinition[];
  cases: SelectionCase[];
  model: ModelDriver;
  /** Only these tools (default: every tool with a failed train case). */
  targets?: string[];
  seed?: number;
  fraction?: number;
  iterations?: number;
  /** Candidates taken from train to the held-out decision (default 2). */
  keep?: number;
  /**
   * Declares the model stochastic: each held-out query runs this many times per side and each repeat
   * counts as a trial (trials.ts). Absent, each held-out query runs once and counts once.
   */
  stochastic?: number;
  /** The sampling temperature the model was given (temperature 0 is deterministic: repeats are not trials). */
  temperature?: number;
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
  /** Propose only edits of the target's own description (the skills path: `--skill NAME` edits one SKILL.md). */
  targetOnly?: boolean;
  /** The lint errors of the changed descriptions (default: the tool lint's errors on the changed tools). */
  lint?: (tools: ToolDefinition[], changed: string[]) => Array<{ ruleId: string; message: string }>;
}

export interface ImproveStep {
  iteration: number;
  tool: string;
  candidate: string;
  summary: string;
  /** Old and new descriptions of every tool the candidate changed. */
  changes: Array<{ tool: string; old: string; new: string }>;
  train: { before: Accuracy; after: Accuracy };
  /** The candidate's cross-fitted train accuracy (absent when cross-fitting is off). */
  crossFitted?: { before: number; after: number };
  /** The held-out evidence the step was accepted on: its Newcombe interval excludes zero. */
  heldOut: HeldOutEvidence;
  /** The same evidence restricted to the improved tool's own held-out cases (its recall). */
  toolHeldOut: HeldOutEvidence;
}

export interface RefusedCandidate {
  iteration: number;
  tool: string;
  candidate: string;
  summary: string;
  /** The kind of reason (a stable id) and the reason in words. */
  rule: RefusalRule;
  reason: string;
  /** Its held-out evidence, when it was run (every candidate past lint and the word rule). */
  heldOut?: HeldOutEvidence;
}

export interface ImproveResult {
  split: { seed: number; fraction: number; train: string[]; heldOut: string[] };
  /** What the held-out set can prove with the descriptions as given: the smallest provable gain, argument failures. */
  power: HeldOutPower;
  steps: ImproveStep[];
  refused: RefusedCandidate[];
  tools: ToolDefinition[];
}

/** Accuracy over cases (each once), with its Wilson interval. */
const accuracyOf = (results: CaseResult[]): Accuracy => {
  const passes = results.filter((r) => r.pass).length;
  return { accuracy: results.length ? passes / results.length : 0, interval: wilsonInterval(passes, results.length) };
};
const expects = (c: SelectionCase, tool: string): boolean => (Array.isArray(c.expect.tool) ? c.expect.tool.includes(tool) : c.expect.tool === tool);

export async function improveDescriptions(options: ImproveOptions): Promise<ImproveResult> {
  const split = splitCases(options.cases, options.seed ?? 1, options.fraction ?? 0.6);
  const evaluate = options.evaluate;
  const runTimes = (cases: SelectionCase[], tools: ToolDefinition[], repeat: number): Promise<CaseResult[]> =>
    evaluate ? evaluate(cases, tools, repeat) : runSelection({ cases, toolsFor: () => tools, model: options.model, repeat, concurrency: 1 });
  const run = (cases: SelectionCase[], tools: ToolDefinition[]): Promise<CaseResult[]> => runTimes(cases, tools, 1);
  const rule: Counting = countingRule({ modelId: options.model.id, ...(options.stochastic !== undefined ? { stochastic: options.stochastic } : {}), ...(options.temperature !== undefined ? { temperature: options.temperature } : {}) });
  const runHeldOut = (tools: ToolDefinition[]): Promise<CaseResult[]> => runTimes(split.heldOut, tools, rule.repeats);
  const lintErrorsOf = options.lint ?? ((list: ToolDefinition[], changed: string[]) => lintTools(list).findings.filter((f) => f.severity === 'error' && changed.includes(f.target ?? '')));
  const steps: ImproveStep[] = [];
  const refused: RefusedCandidate[] = [];
  let tools = options.tools;
  let heldBefore = await runHeldOut(tools);
  const power = heldOutPower(heldBefore, rule);
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
      const generate = async (failedHere: CaseResult[], trainHere: CaseResult[]): Promise<Candidate[]> =>
        [
          ...(options.rewriter && failedHere.length ? await modelCandidate(options.rewriter, tools, target, failedHere) : []),
          ...proposeCandidates(tools, target, failedHere, trainHere),
          ...nearMissCandidates(tools, target, takenWrongly(trainHere, target)),
          ...(failedHere.length ? (options.extraCandidates?.(tools, target, failedHere) ?? []) : []),
        ].filter((c) => !options.targetOnly || changedTools(tools, c.tools).every((name) => name === target));
      const candidates = await generate(failed, train);
      const folds = options.folds ?? DEFAULT_FOLDS;
      const fitted = folds > 1 ? await crossFit({ train: split.train, results: train, folds, seed: split.seed, generate, run, target }) : undefined;
      const baseline = accuracyOf(train).accuracy;
      const refuse = (candidate: Candidate, why: RefusalRule, reason: string, heldOut?: HeldOutEvidence): void => {
        refused.push({ iteration, tool: target, candidate: candidate.id, summary: candidate.summary, rule: why, reason, ...(heldOut ? { heldOut } : {}) });
      };
      const scored: Array<{ candidate: Candidate; train: CaseResult[]; fitted: number; held: CaseResult[]; evidence: HeldOutEvidence }> = [];
      for (const candidate of candidates) {
        const changed = changedTools(tools, candidate.tools);
        const lintErrors = lintErrorsOf(candidate.tools, changed);
        if (lintErrors.length) {
          refuse(candidate, 'lint-error', `lint error: ${lintErrors[0].ruleId}: ${lintErrors[0].message}`);
          continue;
        }
        const forbidden = forbiddenWordsAdded(tools, candidate.tools, train);
        if (forbidden.length) {
          refuse(candidate, 'forbidden-words', `adds words it does not own: ${describeForbidden(forbidden)}`);
          continue;
        }
        const results = await run(split.train, candidate.tools);
        const held = await runHeldOut(candidate.tools);
        const evidence = heldOutEvidence(split.heldOut, heldBefore, held, rule, changed, options.model.id);
        const after = accuracyOf(results).accuracy;
        const outOfFold = fitted?.get(candidate.id) ?? after;
        if (after <= baseline) refuse(candidate, 'no-train-gain', 'no gain on the train split', evidence);
        else if (outOfFold <= baseline) {
          refuse(candidate, 'not-cross-fitted', `helped train (train ${pct(baseline)} -> ${pct(after)}) but not the train requests it was not built from (cross-fitted ${pct(outOfFold)})`, evidence);
        } else scored.push({ candidate, train: results, fitted: outOfFold, held, evidence });
      }
      // Best cross-fitted score first (what carries over to requests a candidate was not written from),
      // then best on train; on a tie, the candidate combining more kinds of edit. Held-out plays no part.
      scored.sort((a, b) => b.fitted - a.fitted || accuracyOf(b.train).accuracy - accuracyOf(a.train).accuracy || (b.candidate.edits ?? 1) - (a.candidate.edits ?? 1));
      const keep = options.keep ?? 2;
      for (const { candidate, train: after, evidence } of scored.slice(keep)) {
        refuse(candidate, 'not-kept', `train ${pct(accuracyOf(after).accuracy)}, not among the best ${keep} on cross-fitted train taken to the held-out decision`, evidence);
      }
      for (const { candidate, train: after, held, evidence } of scored.slice(0, keep)) {
        if (accepted) {
          refuse(candidate, 'superseded', `train ${pct(accuracyOf(after).accuracy)}; a better-ranked candidate was accepted first`, evidence);
          continue;
        }
        const { fitted: outOfFold } = scored.find((s) => s.candidate === candidate)!;
        const changed = changedTools(tools, candidate.tools);
        const otherDrops = [...sameCases(train, after), ...sameCases(heldBefore, held)].filter(([o, n]) => o.expected.tool !== target && n.passRate < o.passRate).map(([o]) => o.id);
        const decision = heldOutDecision(evidence, otherDrops);
        if (!decision.accepted) {
          refuse(candidate, decision.rule, decision.rule === 'interval-includes-zero' ? `helped train (train ${pct(baseline)} -> ${pct(accuracyOf(after).accuracy)}) but ${decision.reason}` : decision.reason, evidence);
          continue;
        }
        const ownCases = split.heldOut.filter((c) => expects(c, target));
        steps.push({
          iteration,
          tool: target,
          candidate: candidate.id,
          summary: candidate.summary,
          changes: changed.map((name) => ({ tool: name, old: tools.find((t) => t.name === name)!.description ?? '', new: candidate.tools.find((t) => t.name === name)!.description ?? '' })),
          train: { before: accuracyOf(train), after: accuracyOf(after) },
          ...(fitted ? { crossFitted: { before: baseline, after: outOfFold } } : {}),
          heldOut: evidence,
          toolHeldOut: heldOutEvidence(ownCases, heldBefore, held, rule, changed, options.model.id),
        });
        tools = candidate.tools;
        heldBefore = held;
        accepted = true;
      }
      if (accepted) break;
    }
    if (!accepted) break;
  }
  return { split: { seed: split.seed, fraction: split.fraction, train: split.train.map((c) => c.id), heldOut: split.heldOut.map((c) => c.id) }, power, steps, refused, tools };
}

function changedTools(before: ToolDefinition[], after: ToolDefinition[]): string[] {
  return after.filter((t) => before.find((b) => b.name === t.name)?.description !== t.description).map((t) => t.name);
}

function sameCases(a: CaseResult[], b: CaseResult[]): Array<[CaseResult, CaseResult]> {
  const byId = new Map(b.map((r) => [r.id, r]));
  return a.flatMap((r) => (byId.has(r.id) ? [[r, byId.get(r.id)!] as [CaseResult, CaseResult]] : []));
}

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

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
