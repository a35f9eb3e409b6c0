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

  it('drafts quoted examples first, then requests from the action; near misses expect the sibling; all draft: true', () => {
    const { cases, counts, notes } = draftCases(tools.slice(0, 3));
    expect(cases.filter((c) => c.tags.includes('positive')).map((c) => [c.query, c.expect.tool])).toEqual([
      ['find papers on coral bleaching', 'search_items'],
      ['show my books about machine learning', 'search_items'],
      ['Search the reference library', 'search_items'],
      ['show ABCD2345', 'get_item'],
      ['Show one reference of the library', 'get_item'],
      ['Can you show one reference of the library?', 'get_item'],
      ['Move a reference between collections', 'move_item'],
      ['Can you relocate a reference between collections?', 'move_item'],
      ['I need to move a reference between collections.', 'move_item'],
    ]);
    // search_items and get_item share "reference" and "library": each one's near miss is the other's job.
    expect(cases.filter((c) => c.tags.includes('near-miss')).map((c) => [c.query, c.expect])).toEqual([
      ["I'd like you to show one reference of the library.", { tool: 'get_item', notTools: ['search_items'] }],
      ["I'd like you to search the reference library.", { tool: 'search_items', notTools: ['get_item'] }],
    ]);
    expect(counts).toEqual({ positive: 9, nearMiss: 2, noTool: 2 });
    expect(notes).toEqual([]);
    expect(cases.every((c) => c.draft === true)).toBe(true);
  });

  it('says why a kind could not be drafted: no action, no sibling', () => {
    const { counts, notes } = draftCases([tool('thing', 'Widgets and gadgets.')]);
    expect(counts).toMatchObject({ positive: 0, nearMiss: 0 });
    expect(notes).toEqual([
      'no positive draft for thing: the description states no action (a verb and its object) and quotes no example; write their cases by hand',
      'no near miss: the server has one tool, so no sibling to confuse it with',
    ]);
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
