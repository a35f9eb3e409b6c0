/** The text edits behind the offline candidates, as tables. */
import { describe, expect, it } from 'vitest';
import type { CaseResult, ToolDefinition } from '../types.ts';
import { proposeCandidates, sharedWords, userWords, withoutExamples } from './candidates.ts';

const train = (rows: Array<[string, string]>): CaseResult[] => rows.map(([query, tool], i) => ({ id: `c${i}`, query, expected: { tool } }) as unknown as CaseResult);

describe('withoutExamples', () => {
  it.each([
    ["Call it, e.g. 'find papers', 'show books'. Returns x.", 'paper', "Call it, e.g. 'show books'. Returns x."],
    ["Call it, e.g. 'find papers'. Returns x.", 'paper', 'Call it. Returns x.'],
    ["Call it, e.g. 'find papers'. Returns x.", 'none', "Call it, e.g. 'find papers'. Returns x."],
    ['No examples here.', 'paper', 'No examples here.'],
  ])('%j without the examples mentioning %j', (description, word, expected) => {
    expect(withoutExamples(description, (e) => e.includes(word)).description).toBe(expected);
  });
});

describe('userWords and sharedWords', () => {
  it('keeps the words in two or more of the tool\'s requests and in none of another tool\'s', () => {
    const cases = train([
      ['find my papers on reefs', 'search_items'],
      ['newest papers on transformers', 'search_items'],
      ['reefs again', 'search_items'],
      ['add the reefs book', 'add_item'],
    ]);
    expect(userWords(cases, 'search_items')).toEqual(['papers']);
  });

  it('names the request words a tool\'s own description shares, outside its exclusion clause', () => {
    const tool: ToolDefinition = { name: 'add_item', description: "Add a paper to the library, e.g. 'save this DOI'. Do NOT use for theses (use search_items).", inputSchema: { type: 'object' } };
    expect(sharedWords('Do I have any theses saved in my library?', tool)).toEqual(['saved', 'library']);
  });
});

describe('exclusions', () => {
  it('tell a sibling the words of the requests it took, but never its own words', () => {
    const tools: ToolDefinition[] = [
      { name: 'file_expense', description: 'File an expense report.', inputSchema: { type: 'object' } },
      { name: 'draft_invoice', description: 'Draft an invoice that bills a client.', inputSchema: { type: 'object' } },
    ];
    const failed = train([['Claim the client coffee receipts, bill them back', 'file_expense']]).map((c) => ({ ...c, pass: false, chosen: 'draft_invoice' }));
    const exclusions = proposeCandidates(tools, 'file_expense', failed, failed).find((c) => c.id === 'exclusions')!;
    expect(exclusions.tools.find((t) => t.name === 'draft_invoice')!.description).toBe('Draft an invoice that bills a client. Do NOT use for claim, coffee, receipts, back (use file_expense).');
  });
});
