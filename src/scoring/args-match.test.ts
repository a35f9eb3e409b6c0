import { describe, expect, it } from 'vitest';
import { matchArguments, normaliseString, valuesMatch } from './args-match.ts';

describe('BFCL argument matching', () => {
  it('normalises case, whitespace and punctuation in strings', () => {
    expect(normaliseString('  Coral   Bleaching! ')).toBe('coral bleaching');
    expect(valuesMatch('coral bleaching', 'Coral-Bleaching')).toBe(true);
    expect(valuesMatch('coral', 'corals')).toBe(false);
  });

  it('matches numbers by value, arrays element-wise, objects by key', () => {
    expect(valuesMatch(10, 10.0)).toBe(true);
    expect(valuesMatch(10, 11)).toBe(false);
    expect(valuesMatch(['a', 'b'], ['A', 'b'])).toBe(true);
    expect(valuesMatch(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(valuesMatch({ k: 1 }, { k: 1, extra: 2 })).toBe(false);
  });

  it('accepts any listed value, lets optional arguments be absent, and fails unexpected ones', () => {
    const expected = { query: { anyOf: ['coral', 'corals'], optional: false }, limit: { anyOf: [10], optional: true } };
    expect(matchArguments(expected, { query: 'Corals' })).toEqual([]);
    expect(matchArguments(expected, { query: 'coral', limit: 5 })).toEqual(['argument "limit" is 5, expected 10']);
    expect(matchArguments(expected, {})).toEqual(['missing argument "query" (expected one of "coral", "corals")']);
    expect(matchArguments(expected, { query: 'coral', sort: 'date' })).toEqual(['unexpected argument "sort" = "date"']);
  });

  it('accepts any value for an argument marked any, but still wants it present unless optional', () => {
    const expected = { title: { anyOf: [], optional: false, any: true }, note: { anyOf: [], optional: true, any: true } };
    expect(matchArguments(expected, { title: 'Reef review' })).toEqual([]);
    expect(matchArguments(expected, { title: 'x', note: 'y' })).toEqual([]);
    expect(matchArguments(expected, {})).toEqual(['missing argument "title" (expected any value)']);
  });
});
