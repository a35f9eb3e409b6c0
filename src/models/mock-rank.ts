/**
 * Ranks a tool set's candidates against a request: BM25F over the positive fields, minus a penalty
 * for each request word that the candidate mentions only inside a "Do NOT use for ..." clause.
 */
import { indexTools, NEGATIVE_NAMES, POSITIVE_NAMES, type Alternative, type ToolIndex } from './mock-index.ts';
import { terms } from './text/tokenize.ts';
import type { TermPosting } from './mock-posting.ts';
import type { ToolDefinition } from '../types.ts';

export interface ToolScore {
  /** The tool's name. */
  name: string;
  /** Set when the candidate is one `oneOf` alternative of a parameter. */
  alternative?: Alternative;
  /** positive - penalty */
  score: number;
  positive: number;
  penalty: number;
  /** Request stems that matched the tool's positive text. */
  matched: string[];
  /** Request stems that matched only its exclusion clauses. */
  penalised: string[];
}

export interface RankOptions {
  /** Multiplier on the exclusion penalty; 0 turns it off. Default 1. */
  negativeWeight?: number;
}

/** The request's distinct terms, in their first order. */
function distinct(queryTerms: readonly string[]): readonly string[] {
  if (queryTerms.length > 32) return [...new Set(queryTerms)];
  let out: string[] | undefined;
  for (let i = 0; i < queryTerms.length; i++) {
    if (queryTerms.indexOf(queryTerms[i]) < i) out ??= queryTerms.slice(0, i);
    else out?.push(queryTerms[i]);
  }
  return out ?? queryTerms;
}

/**
 * bestCandidate by a walk over every candidate, each term's weight found in the index per candidate
 * (`Bm25Index.weightedTf`): the reference the per-term postings below are checked against.
 */
export function scanCandidates(index: ToolIndex, queryTerms: readonly string[], negativeWeight: number): { candidate: number; score: number } | undefined {
  const unique = [...new Set(queryTerms)];
  let best: { candidate: number; score: number } | undefined;
  for (let at = 0; at < index.candidates.length; at++) {
    let score = 0;
    for (const term of unique) {
      const pos = index.bm25.weightedTf(at, term, POSITIVE_NAMES);
      if (pos) score += index.bm25.contribution(term, pos);
      else {
        const neg = index.bm25.weightedTf(at, term, NEGATIVE_NAMES);
        if (neg) score -= negativeWeight * index.bm25.contribution(term, neg);
      }
    }
    // Strictly greater: ties go to the tool listed first, as in rankIndex.
    if (!best || score > best.score) best = { candidate: at, score };
  }
  return best;
}

interface RankState {
  /** Scratch space, one slot per candidate (ranking is synchronous): its score, and the request that last touched it. */
  scores: Float64Array;
  stamps: Uint32Array;
  stamp: number;
  /** The candidates the current request touched, in the order it touched them. */
  touched: Int32Array;
}

const states = new WeakMap<ToolIndex, RankState>();

function stateOf(index: ToolIndex): RankState {
  let state = states.get(index);
  if (!state) {
    const count = index.candidates.length;
    state = { scores: new Float64Array(count), stamps: new Uint32Array(count), stamp: 0, touched: new Int32Array(count) };
    states.set(index, state);
  }
  return state;
}

/** Adds one term's votes into the scores, in the posting's order (each candidate appears once). */
function addPosting(scores: Float64Array, posting: TermPosting, negativeWeight: number): void {
  for (let i = 0; i < posting.positive.length; i++) scores[posting.positive[i]] += posting.positiveValues[i];
  for (let i = 0; i < posting.negative.length; i++) scores[posting.negative[i]] -= negativeWeight * posting.negativeValues[i];
}

/**
 * The best candidate only, without explanations: the per-case hot path. Each candidate's score is
 * the sum, over the request's distinct terms in order, of its positive contribution or else minus
 * its exclusion penalty; a candidate sharing no term scores 0. Ties go to the candidate listed first,
 * as in rankIndex. Computed term by term from each term's posting, so a request costs the candidates
 * its words touch, not a lookup per candidate and word (P6 in npm run bench: 2,000 tools); the sums
 * are the same additions in the same order as the walk over every candidate (scanCandidates).
 */
export function bestCandidate(index: ToolIndex, queryTerms: readonly string[], options: RankOptions = {}): { candidate: number; score: number } | undefined {
  const count = index.candidates.length;
  if (count === 0) return undefined;
  const negativeWeight = options.negativeWeight ?? 1;
  const state = stateOf(index);
  const { scores, stamps, touched } = state;
  if (state.stamp === 0xffffffff) {
    stamps.fill(0);
    state.stamp = 0;
  }
  const unique = distinct(queryTerms);
  const postings = unique.map((term) => index.posting(term));
  let entries = 0;
  for (const posting of postings) entries += posting.positive.length + posting.negative.length;
  // A request whose words reach most candidates ("records", "use" in 2,000 generated tools) adds into
  // every slot and takes the first best of all, without marking which it touched.
  if (entries >= count / 2) {
    scores.fill(0);
    for (const posting of postings) addPosting(scores, posting, negativeWeight);
    let best = 0;
    for (let at = 1; at < count; at++) if (scores[at] > scores[best]) best = at;
    return { candidate: best, score: scores[best] };
  }
  const stamp = ++state.stamp;
  let reached = 0;
  const touch = (at: number): void => {
    if (stamps[at] === stamp) return;
    stamps[at] = stamp;
    scores[at] = 0;
    touched[reached++] = at;
  };
  for (const posting of postings) {
    for (let i = 0; i < posting.positive.length; i++) {
      const at = posting.positive[i];
      touch(at);
      scores[at] += posting.positiveValues[i];
    }
    for (let i = 0; i < posting.negative.length; i++) {
      const at = posting.negative[i];
      touch(at);
      scores[at] -= negativeWeight * posting.negativeValues[i];
    }
  }
  let best = -1;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < reached; i++) {
    const at = touched[i];
    if (scores[at] > bestScore || (scores[at] === bestScore && at < best)) {
      best = at;
      bestScore = scores[at];
    }
  }
  if (reached < count) {
    // The untouched candidates score 0: the first of them stands for all.
    let first = 0;
    while (stamps[first] === stamp) first += 1;
    if (bestScore < 0 || (bestScore === 0 && first < best)) return { candidate: first, score: 0 };
  }
  return { candidate: best, score: bestScore };
}

/** Scores every candidate against a request (text, or its terms); best first, ties kept in listing order so results are deterministic. */
export function rankIndex(index: ToolIndex, query: string | readonly string[], options: RankOptions = {}): ToolScore[] {
  const negativeWeight = options.negativeWeight ?? 1;
  const queryTerms = [...new Set(typeof query === 'string' ? terms(query) : query)];
  const scores: ToolScore[] = index.candidates.map((candidate) => {
    const score: ToolScore = { name: candidate.tool.name, score: 0, positive: 0, penalty: 0, matched: [], penalised: [] };
    if (candidate.alternative) score.alternative = candidate.alternative;
    return score;
  });
  // Term by term, so each candidate's sums are added in the request's order.
  for (const term of queryTerms) {
    const posting = index.posting(term);
    for (let i = 0; i < posting.positive.length; i++) {
      const score = scores[posting.positive[i]];
      score.positive += posting.positiveValues[i];
      score.matched.push(term);
    }
    for (let i = 0; i < posting.negative.length; i++) {
      const score = scores[posting.negative[i]];
      score.penalty += negativeWeight * posting.negativeValues[i];
      score.penalised.push(term);
    }
  }
  for (const score of scores) score.score = score.positive - score.penalty;
  // Array.prototype.sort is stable, so equal scores keep the tools' listing order.
  return scores.sort((a, b) => b.score - a.score);
}

/** The mock's scores for `query` over `tools`, best first (for explanations and tests). */
export function rankTools(query: string, tools: readonly ToolDefinition[], options: RankOptions = {}): ToolScore[] {
  return rankIndex(indexTools(tools), query, options);
}
