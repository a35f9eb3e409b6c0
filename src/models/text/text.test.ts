import { describe, expect, it } from 'vitest';
import { Bm25Index } from './bm25.ts';
import { splitDescription } from './clauses.ts';
import { literals, numbers } from './literals.ts';
import { terms, tokensWithOffsets, words } from './tokenize.ts';

describe('tokenize', () => {
  it('splits identifiers and lowercases', () => {
    expect(words('search_items getItemById list-collections HTTPServer')).toEqual(['search', 'items', 'get', 'item', 'by', 'id', 'list', 'collections', 'http', 'server']);
  });
  it('keeps letters outside ASCII', () => {
    expect(words('González-Rivero Ångström')).toEqual(['gonzález', 'rivero', 'ångström']);
  });
  it('splits Chinese and Japanese into words (Intl.Segmenter), with offsets', () => {
    expect(terms('帮我记录一下今天种的番茄')).toEqual(expect.arrayContaining(['记录', '今天', '番茄']));
    expect(terms('帮我记录一下今天种的番茄')).not.toContain('的');
    expect(terms('パスタのレシピを探して')).toEqual(expect.arrayContaining(['パスタ', 'レシピ']));
    expect(words('PDF文件')).toEqual(['pdf', '文件']);
    const tokens = tokensWithOffsets('记录番茄 now');
    expect(tokens.map((t) => [t.raw, t.start, t.end])).toEqual([['记录', 0, 2], ['番茄', 2, 4], ['now', 5, 8]]);
  });
  it('drops stop words and stems', () => {
    expect(terms('Find the papers about coral bleaching')).toEqual(['find', 'paper', 'coral', 'bleach']);
  });
});

describe('splitDescription', () => {
  it.each([
    ['Search items. Do NOT use for tagging (use tag_item). Returns items.', 'Do NOT use for tagging (use tag_item).'],
    ["Search items. Don't use this for tags.", "Don't use this for tags."],
    ['Search items. Not for tags, use tag_item', 'Not for tags, use tag_item'],
    ['Search items.', ''],
  ])('%s', (description, negative) => {
    const split = splitDescription(description);
    expect(split.negative).toBe(negative);
    expect(split.positive).toContain('Search items.');
    if (negative) expect(split.positive).not.toContain(negative);
  });
});

describe('literals and numbers', () => {
  it('finds quotes, URLs, paths and ids, but not apostrophes', () => {
    const found = literals("Hughes's paper 'Coral reefs' at https://x.org/a, file notes/a.pdf in nb-001");
    expect(found.map((l) => [l.kind, l.value])).toEqual([
      ['quoted', 'Coral reefs'],
      ['url', 'https://x.org/a'],
      ['path', 'notes/a.pdf'],
      ['id', 'nb-001'],
    ]);
  });
  it('finds standalone numbers and number words, not DOIs or keys', () => {
    const text = 'top five of 12 items, DOI 10.1038/x, key ABCD2345';
    expect(numbers(text, literals(text)).map((n) => n.value)).toEqual([5, 12]);
  });
  it('reads words an object carries (constructor, toString) as words, not numbers', () => {
    const text = 'call the constructor and toString on two of them';
    expect(numbers(text, literals(text)).map((n) => n.value)).toEqual([2]);
  });
});

describe('Bm25Index', () => {
  it('ranks the document with the rarer, repeated term higher and weights fields', () => {
    const index = new Bm25Index(
      [{ name: 'name', weight: 3 }, { name: 'body', weight: 1 }],
      [{ fields: { name: ['search'], body: ['find', 'paper'] } }, { fields: { name: ['tag'], body: ['paper', 'label'] } }],
    );
    expect(index.idf('search')).toBeGreaterThan(index.idf('paper'));
    const inName = index.contribution('search', index.weightedTf(0, 'search'));
    const inBody = index.contribution('find', index.weightedTf(0, 'find'));
    expect(inName).toBeGreaterThan(inBody);
    expect(index.weightedTf(1, 'search')).toBe(0);
  });
});
