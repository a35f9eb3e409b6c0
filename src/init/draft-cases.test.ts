import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../types.ts';
import { addCase, closestSibling, draftCases, examplePhrases, namesTool, type DraftCase } from './draft-cases.ts';

const tool = (name: string, description: string, server = 's'): ToolDefinition => ({ name, description, inputSchema: { type: 'object' }, server });

describe('examplePhrases', () => {
  it.each([
    ["Search the library, e.g. 'find papers on coral bleaching', 'what do I have by Hughes?'.", ['find papers on coral bleaching', 'what do I have by Hughes?']],
    ['Use it for example "list my folders" or "show my notebooks".', ['list my folders', 'show my notebooks']],
    ["Requests such as \u201cbook a table for two\u201d.", ['book a table for two']],
    ["Repeat the user's text with the prefix 'Echo: '. Call when asked, e.g. 'repeat after me: hi there'.", ['repeat after me: hi there']],
    ["Returns 'ok done' when finished.", []],
    ["A one-word example: 'hello'.", []],
    ['No examples here at all.', []],
  ])('%j', (description, phrases) => {
    expect(examplePhrases(description)).toEqual(phrases);
  });
});

describe('namesTool', () => {
  it.each([
    ['echo hello world', 'echo', true],
    ['please add item 5', 'add_item', true],
    ['use add-item now', 'add_item', true],
    ['call searchItems', 'searchItems', true],
    ['add the paper to my library', 'add_item', false],
    ['echoes in the hall', 'echo', false],
  ] as const)('%j names %s: %s', (query, name, named) => {
    expect(namesTool(query, name)).toBe(named);
  });
});

describe('drafting', () => {
  const tools = [
    tool('search_items', "Search the reference library by words, e.g. 'find papers on coral bleaching', 'show my books about machine learning'."),
    tool('get_item', "Show one reference of the library by its key, e.g. 'show ABCD2345'."),
    tool('move_item', 'Move a reference between collections.'),
    tool('other_server_tool', "Search the library elsewhere, e.g. 'look up reefs'.", 'elsewhere'),
  ];

  it('picks the sibling on the same server sharing the most description words', () => {
    expect(closestSibling(tools[0]!, tools)).toBe('get_item');
    expect(closestSibling(tools[3]!, tools)).toBeUndefined();
  });

  it('drafts positives, a near miss naming the closest sibling and no-tool cases, all draft: true', () => {
    const { cases, missing } = draftCases(tools.slice(0, 3));
    expect(cases.map((c) => [c.id, c.expect])).toEqual([
      ['search_items-positive-1', { tool: 'search_items' }],
      ['search_items-near-miss', { tool: 'search_items', notTools: ['get_item'] }],
      ['get_item-positive-1', { tool: 'get_item' }],
      ['no-tool-1', { tool: null }],
      ['no-tool-2', { tool: null }],
    ]);
    expect(cases.every((c) => c.draft === true)).toBe(true);
    expect(missing).toEqual(['move_item']);
  });

  it('refuses an empty query, a repeated one and one naming its tool', () => {
    const cases: DraftCase[] = [];
    const c = (query: string, t: string | null = 'get_item'): DraftCase => ({ id: 'x', query, expect: { tool: t }, tags: [], draft: true });
    expect(addCase(cases, c('show ABCD2345'))).toBe('kept');
    expect(addCase(cases, c('Show  abcd2345!'))).toBe('repeats a case');
    expect(addCase(cases, c('get item ABCD2345'))).toBe('names its tool');
    expect(addCase(cases, c(' ?! '))).toBe('empty');
    expect(addCase(cases, c('what is get item?', null))).toBe('kept');
    expect(cases).toHaveLength(2);
  });
});
