/**
 * What the tool lists cost under deferred loading, folded as cases finish: the requests of every
 * attempt, their estimated tool tokens, and the largest list one request carried, per suite.
 */
import type { ToolTokens } from '../report/model.ts';
import type { CaseResult } from '../types.ts';

interface Tally {
  requests: number;
  tokens: number;
  largest: number;
  attempts: number;
}

export class SearchedTokens {
  private readonly bySuite = new Map<string, Tally>();

  add(result: CaseResult): void {
    for (const a of result.attempts) {
      if (!a.toolSearch) continue;
      let t = this.bySuite.get(result.suite);
      if (!t) this.bySuite.set(result.suite, (t = { requests: 0, tokens: 0, largest: 0, attempts: 0 }));
      t.requests += a.toolSearch.requests;
      t.tokens += a.toolSearch.toolTokens;
      t.largest = Math.max(t.largest, a.toolSearch.largestRequest);
      t.attempts += 1;
    }
  }

  /** Mean estimated tool tokens per request of a suite (0 when none ran). */
  mean(suite: string): number {
    const t = this.bySuite.get(suite);
    return t && t.requests > 0 ? Math.round(t.tokens / t.requests) : 0;
  }

  /** The run's figure: the largest list one request carried (what the gate reads), with the mean and requests per attempt. */
  toolTokens(): ToolTokens | undefined {
    let largest: { suite: string; tally: Tally } | undefined;
    const all: Tally = { requests: 0, tokens: 0, largest: 0, attempts: 0 };
    for (const [suite, tally] of this.bySuite) {
      if (!largest || tally.largest > largest.tally.largest) largest = { suite, tally };
      all.requests += tally.requests;
      all.tokens += tally.tokens;
      all.attempts += tally.attempts;
    }
    if (!largest) return undefined;
    return {
      method: 'estimate',
      perRequest: largest.tally.largest,
      suite: largest.suite,
      loading: 'search',
      meanPerRequest: Math.round(all.tokens / all.requests),
      requestsPerAttempt: all.requests / all.attempts,
    };
  }
}
