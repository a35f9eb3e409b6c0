/** The near-miss exclusion candidate, as a table. */
import { describe, expect, it } from 'vitest';
import type { CaseResult, ToolDefinition } from '../types.ts';
import { nearMissCandidates, takenWrongly } from './near-misses.ts';

const result = (id: string, query: string, expected: string | null, chosen: string | null, pass = false): CaseResult => ({ id, query, expected: { tool: expected }, chosen, pass }) as unknown as CaseResult;
const tools: ToolDefinition[] = [
  { name: 'expense-reports', description: 'Prepare the expense report for a trip.', inputSchema: { type: 'object' } },
  { name: 'invoice-drafting', description: 'Draft an invoice to a client.', inputSchema: { type: 'object' } },
];

describe('near misses', () => {
  it('finds the cases a tool took although they expect another tool or none', () => {
    const train = [result('a', 'refund from the shop', null, 'expense-reports'), result('b', 'bill the client', 'invoice-drafting', 'expense-reports'), result('c', 'expense report', 'expense-reports', 'expense-reports', true), result('d', 'other', null, 'invoice-drafting')];
    expect(takenWrongly(train, 'expense-reports').map((r) => r.id)).toEqual(['a', 'b']);
  });

  it.each([
    [[result('a', 'Write a complaint asking the shop for a refund for the trip', null, 'expense-reports')], 'Prepare the expense report for a trip. Do NOT use for requests about write, complaint, asking, shop, refund.'],
    [[result('b', 'Bill Acme for the consulting', 'invoice-drafting', 'expense-reports')], 'Prepare the expense report for a trip. Do NOT use for requests about bill, acme, consulting (use invoice-drafting).'],
  ])('names the words it does not hold, and the tool they belong to (%#)', (wrongly, description) => {
    const [candidate] = nearMissCandidates(tools, 'expense-reports', wrongly);
    expect(candidate.id).toBe('exclude-near-misses');
    expect(candidate.tools[0].description).toBe(description);
    expect(candidate.tools[1]).toBe(tools[1]);
  });

  it('proposes nothing without a wrongly taken request, or when the request has only its own words', () => {
    expect(nearMissCandidates(tools, 'expense-reports', [])).toEqual([]);
    expect(nearMissCandidates(tools, 'expense-reports', [result('a', 'the expense report for my trip', null, 'expense-reports')])).toEqual([]);
  });
});
