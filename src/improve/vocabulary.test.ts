/** The synonym table, the vocabulary candidates and the cross-fitting folds, as tables. */
import { describe, expect, it } from 'vitest';
import type { CaseResult, SelectionCase, ToolDefinition } from '../types.ts';
import { foldsOf } from './cross-fit.ts';
import { relatedPhrases } from './synonyms.ts';
import { compact, enumPhrases, identifierWords, vocabularyCandidates } from './vocabulary.ts';

const none = (): boolean => false;

describe('relatedPhrases', () => {
  it.each([
    [['search'], ['find', 'look up', 'look for', 'locate', 'track down', 'dig up', 'pull up']],
    [['dig', 'up', 'that', 'paper'], ['find', 'search', 'look up', 'look for', 'locate', 'track down', 'dig up', 'pull up']],
    [['newest'], ['latest', 'most recent', 'recent']],
    [['most'], []],
    [['theses'], ['thesis']],
    [['thesis'], ['theses']],
    [['book', 'order'], []],
  ])('%j -> %j', (words, expected) => {
    const own = new Set(words.flatMap((w) => (w === 'search' || w === 'newest' ? [w] : [])));
    expect(relatedPhrases(words, (stem) => own.has(stem), none).filter((p) => !words.includes(p))).toEqual(expected.filter((p) => !words.includes(p)));
  });

  it('leaves out the phrases another tool claims', () => {
    expect(relatedPhrases(['search'], () => false, (stem) => stem === 'locat')).not.toContain('locate');
  });
});

const tool: ToolDefinition = {
  name: 'search_items',
  description: 'Search the library by topic. Call when the user wants to find references.',
  annotations: { title: 'Search library items' },
  inputSchema: {
    type: 'object',
    properties: {
      sort: { type: 'string', enum: ['relevance', 'year_newest'] },
      item_type: { type: 'string', enum: ['journalArticle', 'thesis'] },
    },
  },
};
const sibling: ToolDefinition = { name: 'get_item', description: 'Get one record by its key. Call when the user gives a key.', inputSchema: { type: 'object' } };

describe('vocabulary candidates', () => {
  it('reads the identifiers: name, title, parameter names, enum values split', () => {
    expect(identifierWords(tool)).toEqual(['search', 'items', 'search', 'library', 'items', 'sort', 'item', 'type', 'relevance', 'year', 'newest', 'journal', 'article', 'thesis']);
  });

  it('raises enum values as phrases and drops the longer phrase a shorter one says', () => {
    expect(enumPhrases(tool, () => false)).toEqual(['relevance', 'year newest', 'journal article', 'thesis']);
    expect(compact(['year newest', 'newest', 'journal article', 'newest'])).toEqual(['newest', 'journal article']);
  });

  it('adds the phrases to the target only; the sibling that took a request gets them in its exclusion clause', () => {
    const failed = [{ id: 'x', query: 'dig up that paper', expected: { tool: 'search_items' }, chosen: 'get_item', pass: false }] as unknown as CaseResult[];
    const byId = new Map(vocabularyCandidates([tool, sibling], 'search_items', failed).map((c) => [c.id, c]));
    expect([...byId.keys()]).toEqual(['synonyms', 'vocabulary', 'sibling-exclusions', 'vocabulary-exclusions', 'request-synonyms']);
    const vocabulary = byId.get('vocabulary')!.tools;
    expect(vocabulary[0].description).toBe(
      "Search the library by topic. Call when the user wants to find references. Also for requests that say 'relevance', 'journal article', 'thesis', 'look up', 'look for', 'locate', 'track down', 'dig up', 'pull up', 'newest', 'latest', 'recent', 'theses'.",
    );
    expect(vocabulary[1]).toBe(sibling);
    expect(byId.get('vocabulary-exclusions')!.tools[1].description).toMatch(/^Get one record by its key\. Call when the user gives a key\. Do NOT use for requests that say 'relevance', .* \(use search_items\)\.$/);
  });
});

describe('foldsOf', () => {
  it('cuts the train cases into parts, each expected tool spread over them, every case once', () => {
    const cases = Array.from({ length: 12 }, (_, i) => ({ id: `c${i}`, query: `q${i}`, expect: { tool: i % 2 ? 'a' : 'b' } })) as unknown as SelectionCase[];
    const parts = foldsOf(cases, 3, 1);
    expect(parts).toHaveLength(3);
    expect(parts.flat().map((c) => c.id).sort()).toEqual(cases.map((c) => c.id).sort());
    for (const part of parts) expect(new Set(part.map((c) => c.expect.tool))).toEqual(new Set(['a', 'b']));
  });
});
