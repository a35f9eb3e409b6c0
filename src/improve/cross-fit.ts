/**
 * Cross-fitted train scores: a candidate built from the failed train requests is scored on those same
 * requests, so a candidate that quotes them wins on train whether or not it carries over to other
 * requests. Here the train cases are cut into `folds` parts (stratified by expected tool, seeded); for
 * each part, the candidates are built again from the other parts' failures alone and scored on that
 * part. A candidate's cross-fitted accuracy is its passes summed over the parts: how it does on train
 * requests it was not written from, which is what held-out requests are. A candidate that does not
 * depend on the requests (a parameter's words, the synonyms of its name) scores as on train.
 */
import type { CaseResult, SelectionCase, ToolDefinition } from '../types.ts';
import type { Candidate } from './candidates.ts';
import { splitCases } from './split.ts';

export const DEFAULT_FOLDS = 3;

export interface CrossFitOptions {
  train: SelectionCase[];
  /** The current tools' results on `train`. */
  results: CaseResult[];
  folds: number;
  seed: number;
  /** The candidates built from some failed requests and train results (same ids as the full build). */
  generate: (failed: CaseResult[], train: CaseResult[]) => Promise<Candidate[]>;
  run: (cases: SelectionCase[], tools: ToolDefinition[]) => Promise<CaseResult[]>;
  target: string;
}

/** The train cases cut into `folds` parts, each tool's cases spread over the parts. */
export function foldsOf(cases: readonly SelectionCase[], folds: number, seed: number): SelectionCase[][] {
  const parts: SelectionCase[][] = [];
  let rest = [...cases];
  for (let k = folds; k > 1 && rest.length; k--) {
    const split = splitCases(rest, seed + k, 1 - 1 / k);
    parts.push(split.heldOut);
    rest = split.train;
  }
  parts.push(rest);
  return parts.filter((p) => p.length > 0);
}

/** Cross-fitted accuracy per candidate id (over every train case). */
export async function crossFit(options: CrossFitOptions): Promise<Map<string, number>> {
  const passes = new Map<string, number>();
  const ids = new Set<string>();
  const perFold: Array<{ baseline: number; scored: Map<string, number> }> = [];
  for (const part of foldsOf(options.train, options.folds, options.seed)) {
    const inPart = new Set(part.map((c) => c.id));
    const outside = options.results.filter((r) => !inPart.has(r.id));
    const failed = outside.filter((r) => !r.pass && r.expected.tool === options.target);
    const baseline = options.results.filter((r) => inPart.has(r.id) && r.pass).length;
    const scored = new Map<string, number>();
    const wrongly = outside.some((r) => !r.pass && r.chosen === options.target);
    for (const candidate of failed.length || wrongly ? await options.generate(failed, outside) : []) {
      ids.add(candidate.id);
      scored.set(candidate.id, (await options.run(part, candidate.tools)).filter((r) => r.pass).length);
    }
    perFold.push({ baseline, scored });
  }
  // A candidate not built in a part (nothing there to build it from) leaves that part as it was.
  for (const id of ids) passes.set(id, perFold.reduce((sum, f) => sum + (f.scored.get(id) ?? f.baseline), 0));
  const total = options.train.length || 1;
  return new Map([...passes].map(([id, n]) => [id, n / total]));
}
