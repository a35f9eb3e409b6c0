/**
 * One term's votes over a tool set's candidates: what ranking adds up (mock-rank.ts). Worked out from
 * the BM25 index the first time a request holds the term, or read from the index cache
 * (mock-index-cache.ts), which keeps every term's posting of a large list as these same numbers.
 */
import type { Bm25Index } from './text/bm25.ts';

/**
 * The candidates a term votes for (in a positive field) with its BM25 contribution to each, and those
 * that mention it only in an exclusion clause with the contribution there; candidates ascending.
 */
export interface TermPosting {
  positive: number[];
  positiveValues: number[];
  negative: number[];
  negativeValues: number[];
}

/** `term`'s posting in `bm25`, whose fields are `positiveFields` and one negative field. */
export function termPosting(bm25: Bm25Index, term: string, positiveFields: ReadonlySet<string>): TermPosting {
  const posting: TermPosting = { positive: [], positiveValues: [], negative: [], negativeValues: [] };
  const { documents, values, others } = bm25.weightedTfs(term, positiveFields);
  for (let i = 0; i < documents.length; i++) {
    if (values[i]) {
      posting.positive.push(documents[i]);
      posting.positiveValues.push(bm25.contribution(term, values[i]));
    } else if (others[i]) {
      posting.negative.push(documents[i]);
      posting.negativeValues.push(bm25.contribution(term, others[i]));
    }
  }
  return posting;
}
