/**
 * JsonMembers: whatever it takes, it gives what JSON.parse gives, however the bytes are chunked; what
 * JSON.parse refuses, it refuses (and a few valid documents it leaves to the whole read).
 */
import { describe, expect, it } from 'vitest';
import { JsonMembers, NotSplittable, type JsonItem } from './json-members.ts';

/** The document rebuilt from the splitter's items, and the keys it saw, for bytes cut at `cuts`. */
function split(text: string | Uint8Array, cuts: number[] = []): { object: Record<string, unknown>; keys: string[] } {
  const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : text;
  const keys: string[] = [];
  const members = new JsonMembers('cases', keys);
  const object: Record<string, unknown> = {};
  const emit = (item: JsonItem): void => {
    if ('element' in item) ((object.cases ??= []) as unknown[]).push(item.element);
    else object[item.key] = item.value;
  };
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    members.push(bytes.subarray(from, cut), emit);
    from = cut;
  }
  members.end();
  if (keys.includes('cases')) object.cases ??= [];
  return { object, keys };
}

const VALID = [
  '{}',
  ' \n\t{ } \r\n',
  '{"cases": []}',
  '{"name":"x","cases":[{"id":"a","query":"q \\" \\\\ } ] { [","expect":{"tool":null}}],"gate":{"minAccuracy":0.5}}',
  '{"cases": [1, -2.5e3, true, false, null, "s", [], {}, [[{"a": [1, {"b": "]}"}]}]]], "n": 12, "t": true, "f": false, "z": null}',
  '{"cases":[{"q":"é☃𝄞 \\u2028 \\ud834\\udd1e"}],"name":"ünï"}',
  '{"a": {"b": {"c": [1, 2, {"d": "\\\\"}]}}, "cases": [ {"x": 1} , {"x": 2} ] }',
];

describe('JsonMembers', () => {
  it.each(VALID)('gives what JSON.parse gives, in one chunk and cut at every byte: %s', (text) => {
    const whole = JSON.parse(text) as Record<string, unknown>;
    expect(split(text).object).toEqual(whole);
    const length = new TextEncoder().encode(text).length;
    for (let cut = 0; cut <= length; cut++) expect(split(text, [cut]).object, `cut at ${cut}`).toEqual(whole);
    expect(split(text, Array.from({ length }, (_, i) => i)).object).toEqual(whole);
  });

  it('hands out the keys in file order, repeated ones too (the caller refuses those)', () => {
    expect(split('{"b": 1, "cases": [], "a": 2, "b": 3}').keys).toEqual(['b', 'cases', 'a', 'b']);
  });

  it('takes a byte-order mark before the object, and refuses one inside it', () => {
    const bom = [0xef, 0xbb, 0xbf];
    const body = new TextEncoder().encode('{"cases": [1]}');
    expect(split(Uint8Array.from([...bom, ...body])).object).toEqual({ cases: [1] });
    expect(split(Uint8Array.from([...bom, ...body]), [1]).object).toEqual({ cases: [1] });
    const inside = new TextEncoder().encode('{"name": \ufeff"x", "cases": []}');
    expect(() => split(inside)).toThrow(NotSplittable);
  });

  const INVALID = [
    '',
    '   ',
    '[]',
    '"text"',
    '{',
    '{"cases": [1, 2}',
    '{"cases": [1 2]}',
    '{"cases": [1,]}',
    '{"cases": [,1]}',
    '{"a": 1,}',
    '{"a" 1}',
    '{a: 1}',
    '{"a": 1 "b": 2}',
    '{"a": tru}',
    '{"a": 01}',
    '{"a": "x\ny"}',
    '{"a": "x\u0000y"}',
    '{"a": }',
    '{"a": {"b": 1}}}',
    '{} {}',
    '{}x',
    "{'a': 1}",
    '{"cases": {"one": 1}}',
    '{"cases": "x"}',
  ];

  it.each(INVALID)('refuses what JSON.parse refuses, or a cases member that is not an array: %j', (text) => {
    expect(() => split(text)).toThrow(NotSplittable);
  });

  it('refuses invalid UTF-8 inside a value and any byte outside one', () => {
    const bad = Uint8Array.from([...new TextEncoder().encode('{"name": "'), 0xff, ...new TextEncoder().encode('"}')]);
    expect(() => split(bad)).toThrow(NotSplittable);
    const outside = Uint8Array.from([...new TextEncoder().encode('{"name": 1'), 0xc3, 0xa9, ...new TextEncoder().encode('}')]);
    expect(() => split(outside)).toThrow(NotSplittable);
  });
});
