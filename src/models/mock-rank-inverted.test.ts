/**
 * bestCandidate (term by term, from each term's posting) picks exactly what a walk over every
 * candidate picks: same candidate, same score, over the fixture query sets' requests and their
 * clauses, against the 10 fixture tools and the same padded to 2,000 with generated ones, with and
 * without the exclusion penalty.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { fixture } from '../cli/testing.ts';
import { distractorTools } from '../bench/harness/p6-many-tools.ts';
import { loadToolFile } from '../config/tool-file.ts';
import { indexTools } from './mock-index.ts';
import { bestCandidate, scanCandidates } from './mock-rank.ts';
import { terms } from './text/tokenize.ts';

const base = ['refman', 'notebook', 'echo'].flatMap((n) => loadToolFile(fixture(`tools/${n}.json`)).tools);
const queries = ['refman', 'notebook', 'echo', 'refman-search'].flatMap((n) => (parse(readFileSync(fixture(`queries/${n}.yaml`), 'utf8')) as { cases: Array<{ query: string }> }).cases.map((c) => c.query));

describe.each([
  ['the 10 fixture tools', base],
  ['thousands of tools', [...base, ...distractorTools(2000 - base.length)]],
])('bestCandidate over %s', (_name, tools) => {
  it('equals the walk over every candidate, request for request', () => {
    expect(base.length).toBeGreaterThanOrEqual(10);
    expect(queries.length).toBeGreaterThanOrEqual(80);
    const index = indexTools(tools);
    const texts = [...queries, ...queries.flatMap((q) => q.split(/,| and /)), 'zzz nothing matches this', ''];
    let differing = 0;
    for (const negativeWeight of [1, 0, 2.5]) {
      for (const text of texts) {
        const queryTerms = terms(text);
        const fast = bestCandidate(index, queryTerms, { negativeWeight });
        const walk = scanCandidates(index, queryTerms, negativeWeight);
        if (fast?.candidate !== walk?.candidate || fast?.score !== walk?.score) differing += 1;
        expect(fast, text).toEqual(walk);
      }
    }
    expect(differing).toBe(0);
  });
});
