import { describe, expect, it } from 'vitest';
import { parseJsonKeepingIntegers } from '../exact-integers.ts';
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

describe('every kind of value, both ways', () => {
  it.each<[string, unknown, unknown, boolean]>([
    ['true is true', true, true, true],
    ['true is not "true"', true, 'true', false],
    ['false is not 0', false, 0, false],
    ['null is null', null, null, true],
    ['null is not absent', null, undefined, false],
    ['null is not "null"', null, 'null', false],
    ['5 matches "5"', 5, '5', true],
    ['2.5 matches 2.5', 2.5, 2.5, true],
    ['5 is not true', 5, true, false],
    ['arrays of the same items', ['a', 'b'], ['a', 'b'], true],
    ['an array one item short', ['a', 'b'], ['a'], false],
    ['an array one item long', ['a'], ['a', 'b'], false],
    ['one item of two differs', ['a', 'b'], ['a', 'c'], false],
    ['an array is not its only item', ['a'], 'a', false],
    ['empty arrays', [], [], true],
    ['an array is not an object with its indices', [1], { 0: 1, length: 1 }, false],
    ['objects of the same keys and values', { k: 1, j: 'x' }, { j: 'X', k: 1 }, true],
    ['a value differs', { k: 1 }, { k: 2 }, false],
    ['a key missing', { k: 1, j: 2 }, { k: 1 }, false],
    ['a key extra', { k: 1 }, { k: 1, j: 2 }, false],
    ['a key extra holding an object', { k: 1 }, { k: 1, j: {} }, false],
    ['an object is not null', { k: 1 }, null, false],
    ['an object is not an array', { 0: 1 }, [1], false],
    ['an object is not a string', { k: 'a' }, 'a', false],
    ['empty objects', {}, {}, true],
    ['nested arrays of objects', { rows: [{ id: 1 }, { id: 2 }] }, { rows: [{ id: 1 }, { id: 2 }] }, true],
    ['nested arrays of objects, one value differs', { rows: [{ id: 1 }, { id: 2 }] }, { rows: [{ id: 1 }, { id: 3 }] }, false],
  ])('%s', (_name, expected, actual, same) => {
    expect(valuesMatch(expected as never, actual)).toBe(same);
  });

  it('an argument sent as undefined counts as missing', () => {
    expect(matchArguments({ q: { anyOf: ['a'], optional: false } }, { q: undefined })).toEqual(['missing argument "q" (expected "a")']);
    expect(matchArguments({ q: { anyOf: ['a'], optional: true } }, { q: undefined })).toEqual([]);
  });

  it('integers past 2^53 compare by their digits, in the call text and in the case', () => {
    // 9007199254740993 reads back as 9007199254740992 through JSON.parse: only the digits tell them apart.
    const expected = parseJsonKeepingIntegers('{"id": [9007199254740993], "ids": [[9007199254740993, 1]]}') as { id: number[]; ids: number[][] };
    const spec = { id: { anyOf: expected.id, optional: false }, ids: { anyOf: expected.ids, optional: true } };
    const same = '{"id": 9007199254740993, "ids": [9007199254740993, 1]}';
    const other = '{"id": 9007199254740992, "ids": [9007199254740992, 1]}';
    expect(matchArguments(spec, JSON.parse(same) as Record<string, unknown>, same)).toEqual([]);
    expect(matchArguments(spec, JSON.parse(other) as Record<string, unknown>, other)).toHaveLength(2);
    // The digits kept at any index of the case's list, not only the first.
    const second = parseJsonKeepingIntegers('[1, 9007199254740993]') as number[];
    const call = '{"id": 9007199254740993}';
    expect(matchArguments({ id: { anyOf: second, optional: false } }, JSON.parse(call) as Record<string, unknown>, call)).toEqual([]);
    // Without a container there are no kept digits: the number's own.
    expect(valuesMatch(Number.MAX_SAFE_INTEGER + 1, '9007199254740992')).toBe(true);
    // A safe expected integer against an unsafe sent one, and the other way round.
    expect(valuesMatch(1, Number.MAX_SAFE_INTEGER + 2)).toBe(false);
    // Call text that is not an object, or not JSON, falls back to the parsed arguments.
    expect(matchArguments({ n: { anyOf: [7], optional: false } }, { n: 7 }, '[1234567890123456789]')).toEqual([]);
    expect(matchArguments({ n: { anyOf: [7], optional: false } }, { n: 7 }, '"12345678901234567"')).toEqual([]);
    expect(matchArguments({ n: { anyOf: [7], optional: false } }, { n: 7 }, '{1234567890123456789')).toEqual([]);
  });
});
