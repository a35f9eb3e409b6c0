/**
 * What the held-out interval of `toolvet improve` counts (docs/improve.md, "What the interval counts").
 * A deterministic model (the mock; any model at temperature 0, e.g. a cassette replay recorded so)
 * answers a repeated query with a copy of its first answer: a repeat is not a trial, so each held-out
 * query counts once. Only a model the user declares stochastic (`--stochastic K`) has each query run K
 * times per side, and then each repeat counts as a trial: the interval covers the model's sampling on
 * these queries as well as the queries. When every repeat of every query gave the same answer anyway,
 * the repeats showed no sampling, so each query counts once again.
 */
import { newcombePairedInterval } from '../diff/paired-stats.ts';

export interface CountingInput {
  /** The model driver's id (`mock` is the in-process mock). */
  modelId: string;
  /** Repeats per held-out query the user declared the model stochastic with; absent: not declared. */
  stochastic?: number;
  /** The sampling temperature given to the model, when one was. */
  temperature?: number;
}

export interface Counting {
  /** `query`: each held-out query counts once; `trial`: each repeat of each query counts. */
  unit: 'query' | 'trial';
  /** Runs of each held-out query per side. */
  repeats: number;
  /** Why, in words, for the reports. */
  why: string;
}

/** The rule before any answer is seen: how many times to run each held-out query, and what counts. */
export function countingRule(input: CountingInput): Counting {
  if (input.stochastic === undefined) return { unit: 'query', repeats: 1, why: 'each held-out query counts once (the model is not declared stochastic; --stochastic K declares it)' };
  if (input.modelId === 'mock') return { unit: 'query', repeats: 1, why: 'each held-out query counts once: the mock is deterministic, its repeats would be copies, not trials' };
  if (input.temperature === 0) return { unit: 'query', repeats: 1, why: 'each held-out query counts once: at temperature 0 the model is deterministic, its repeats would be copies, not trials' };
  if (input.stochastic < 2) return { unit: 'query', repeats: 1, why: 'each held-out query counts once (--stochastic 1: one run per query)' };
  return { unit: 'trial', repeats: input.stochastic, why: `each of ${input.stochastic} repeats of each held-out query counts as a trial (the model is declared stochastic): the interval covers its sampling on these queries` };
}

/** The rule after the runs: a declared-stochastic model whose repeats never varied counts each query once. */
export function countingObserved(rule: Counting, varied: boolean): Counting {
  if (rule.unit !== 'trial' || varied) return rule;
  return { unit: 'query', repeats: rule.repeats, why: `each held-out query counts once: declared stochastic, but all ${rule.repeats} repeats of every query gave the same answer, so they are copies, not trials` };
}

/**
 * The smallest gain whose Newcombe interval could exclude zero with `n` counted units: `k` units
 * flipping from fail to pass and none the other way, in the most favourable arrangement of the rest.
 * Null when even all `n` flipping could not (n below 2).
 */
export function smallestProvableGain(n: number): { units: number; points: number } | null {
  for (let k = 1; k <= n; k++) {
    for (let both = 0; both <= n - k; both++) {
      if (newcombePairedInterval({ both, oldOnly: 0, newOnly: k, neither: n - k - both }).low > 0) return { units: k, points: k / n };
    }
  }
  return null;
}
