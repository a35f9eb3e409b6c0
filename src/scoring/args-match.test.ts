import { describe, expect, it } from 'vitest';
import { matchArguments, normaliseString, valuesMatch } from './args-match.ts';

describe('BFCL argument matching', () => {
  it('normalises as BFCL does: lowercase, no spaces, no , . / - _ * ^ where they only separate words', () => {
    expect(normaliseString('  Coral   Bleaching ')).toBe('coralbleaching');
    expect(valuesMatch('coral bleaching', 'Coral-Bleaching')).toBe(true);
    expect(valuesMatch('coral', 'corals')).toBe(false);
    expect(valuesMatch('April 1, 2024', 'april 1 2024')).toBe(true);
    expect(valuesMatch('San Francisco, CA', 'San Francisco,CA')).toBe(true);
    expect(valuesMatch('New York', 'new_york')).toBe(true);
    expect(valuesMatch('U.S.A.', 'USA')).toBe(true);
    expect(valuesMatch('St. Louis', 'St Louis')).toBe(true);
    expect(valuesMatch("it's", 'it"s')).toBe(true); // BFCL reads ' as "
    // Punctuation BFCL keeps stays: "Hello!" is not "Hello" in BFCL either.
    expect(valuesMatch('Hello!', 'Hello')).toBe(false);
  });

  it.each([
    ['C#', 'C', false],
    ['C#', 'c#', true],
    ['C++', 'C', false],
    ['Guardian Sword+', 'Guardian Sword', false],
    ['x^2 - 3x + 2', 'x^2 + 3x + 2', false],
    ['x^2 - 3x + 2', 'x^2-3x+2', true],
    ['2*3', '23', false],
    ['1/2', '12', false],
    ['-5', '5', false],
    ['3.5', '35', false],
    ['v1.2.3', 'v123', false],
    ['john.doe@example.com', 'johndoe@examplecom', false],
    ['john.doe@example.com', 'John.Doe@Example.com', true],
    ['@alice', 'alice', false],
    ['example.com', 'examplecom', false],
    ['/tmp/a-b.txt', 'tmpabtxt', false],
    ['~/notes', 'notes', false],
    ['https://example.com/a-b', 'https://example.com/ab', false],
  ] as const)('keeps a symbol that changes the value: %s vs %s -> %s', (expected, actual, same) => {
    expect(valuesMatch(expected, actual)).toBe(same);
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

describe('empty and zero are different values', () => {
  it.each([
    [0, '', false],
    [0, ' ', false],
    [0, null, false],
    [0, false, false],
    ['', 0, false],
    [0, 0, true],
    [0, '0', true],
  ] as const)('expected %j, got %j -> %s', (expected, actual, same) => {
    expect(valuesMatch(expected, actual)).toBe(same);
  });
});
