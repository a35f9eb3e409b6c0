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

/** The best candidate only, without explanations: the per-case hot path. */
export function bestCandidate(index: ToolIndex, queryTerms: readonly string[], options: RankOptions = {}): { candidate: number; score: number } | undefined {
  const negativeWeight = options.negativeWeight ?? 1;
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
