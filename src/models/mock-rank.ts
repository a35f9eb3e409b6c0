/**
 * Ranks a tool set's candidates against a request: BM25F over the positive fields, minus a penalty
 * for each request word that the candidate mentions only inside a "Do NOT use for ..." clause.
 */
import { indexTools, type Alternative, type ToolIndex } from './mock-index.ts';
import { terms } from './text/tokenize.ts';
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

/** Up to this many candidates a walk over each is cheaper than the inverted index's map (P4: 10 tools). */
const SCAN_UP_TO = 64;

/** bestCandidate by a walk over every candidate. */
export function scanCandidates(index: ToolIndex, queryTerms: readonly string[], negativeWeight: number): { candidate: number; score: number } | undefined {
  const unique = [...new Set(queryTerms)];
  let best: { candidate: number; score: number } | undefined;
  index.candidates.forEach((candidate, at) => {
    let score = 0;
    for (const term of unique) {
      const pos = candidate.positiveScore.get(term);
      if (pos !== undefined) score += pos;
      else {
        const neg = candidate.negativeScore.get(term);
        if (neg !== undefined) score -= negativeWeight * neg;
      }
    }
    // Strictly greater: ties go to the tool listed first, as in rankIndex.
    if (!best || score > best.score) best = { candidate: at, score };
  });
  return best;
}

/** For each term, the candidates that mention it: positively (its BM25 contribution), or only in an exclusion clause. */
interface Posting {
  candidate: number;
  positive: boolean;
  value: number;
}

const postingsByIndex = new WeakMap<ToolIndex, Map<string, Posting[]>>();

/** The index inverted (term -> candidates), once per index: a request then touches only the candidates that share a word with it. */
function postingsOf(index: ToolIndex): Map<string, Posting[]> {
  let postings = postingsByIndex.get(index);
  if (postings) return postings;
  postings = new Map();
  const add = (term: string, posting: Posting): void => {
    const list = postings!.get(term);
    if (list) list.push(posting);
    else postings!.set(term, [posting]);
  };
  index.candidates.forEach((candidate, at) => {
    for (const [term, value] of candidate.positiveScore) add(term, { candidate: at, positive: true, value });
    for (const [term, value] of candidate.negativeScore) if (!candidate.positiveScore.has(term)) add(term, { candidate: at, positive: false, value });
  });
  postingsByIndex.set(index, postings);
  return postings;
}

/**
 * The best candidate only, without explanations: the per-case hot path. Each candidate's score is
 * the sum, over the request's distinct terms in order, of its positive contribution or else minus
 * its exclusion penalty; a candidate sharing no term scores 0. Ties go to the candidate listed first,
 * as in rankIndex. Computed from the inverted index, so a request costs the candidates it touches,
 * not every tool of a set of thousands (P6 in npm run bench); the sums are the same additions in
 * the same order as a walk over every candidate.
 */
export function bestCandidate(index: ToolIndex, queryTerms: readonly string[], options: RankOptions = {}): { candidate: number; score: number } | undefined {
  if (index.candidates.length === 0) return undefined;
  const negativeWeight = options.negativeWeight ?? 1;
  if (index.candidates.length <= SCAN_UP_TO) return scanCandidates(index, queryTerms, negativeWeight);
  const postings = postingsOf(index);
  const scores = new Map<number, number>();
  for (const term of new Set(queryTerms)) {
    for (const p of postings.get(term) ?? []) {
      const score = scores.get(p.candidate) ?? 0;
      scores.set(p.candidate, p.positive ? score + p.value : score - negativeWeight * p.value);
    }
  }
  let best = { candidate: -1, score: Number.NEGATIVE_INFINITY };
  for (const [candidate, score] of scores) {
    if (score > best.score || (score === best.score && candidate < best.candidate)) best = { candidate, score };
  }
  if (scores.size < index.candidates.length) {
    // The untouched candidates score 0: the first of them stands for all.
    let first = 0;
    while (scores.has(first)) first += 1;
    if (best.score < 0 || (best.score === 0 && first < best.candidate)) best = { candidate: first, score: 0 };
  }
  return best;
}

/** Scores every candidate against a request (text, or its terms); best first, ties kept in listing order so results are deterministic. */
export function rankIndex(index: ToolIndex, query: string | readonly string[], options: RankOptions = {}): ToolScore[] {
  const negativeWeight = options.negativeWeight ?? 1;
  const queryTerms = [...new Set(typeof query === 'string' ? terms(query) : query)];
  const scores: ToolScore[] = index.candidates.map((candidate) => {
    let positive = 0;
    let penalty = 0;
    const matched: string[] = [];
    const penalised: string[] = [];
    for (const term of queryTerms) {
      const pos = candidate.positive.get(term);
      if (pos) {
        positive += index.bm25.contribution(term, pos);
        matched.push(term);
        continue;
      }
      const neg = candidate.negative.get(term);
      if (neg) {
        penalty += negativeWeight * index.bm25.contribution(term, neg);
        penalised.push(term);
      }
    }
    const score: ToolScore = { name: candidate.tool.name, score: positive - penalty, positive, penalty, matched, penalised };
    if (candidate.alternative) score.alternative = candidate.alternative;
    return score;
  });
  // Array.prototype.sort is stable, so equal scores keep the tools' listing order.
  return scores.sort((a, b) => b.score - a.score);
}

/** The mock's scores for `query` over `tools`, best first (for explanations and tests). */
export function rankTools(query: string, tools: readonly ToolDefinition[], options: RankOptions = {}): ToolScore[] {
  return rankIndex(indexTools(tools), query, options);
}
