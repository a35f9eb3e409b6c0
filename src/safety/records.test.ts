/** Records keyed by untrusted names: sortKeys, the one canonical form, keeps every key, `__proto__` included. */
import { describe, expect, it } from 'vitest';
import { sha256 } from '../models/cassette.ts';
import { canonicalJson } from '../diff/effective.ts';
import { bumpCell, nullRecord, sortKeys } from './records.ts';

describe('sortKeys', () => {
  it('sorts keys at every depth, keeps array order, drops undefined', () => {
    const sorted = sortKeys({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: undefined } });
    expect(JSON.stringify(sorted)).toBe('{"a":{"d":[3,{"y":2,"z":1}]},"b":1}');
  });

  it('keeps a key named __proto__ as an own key, at any depth', () => {
    const parsed = JSON.parse('{"b":1,"__proto__":{"x":1},"n":{"__proto__":2}}');
    expect(JSON.stringify(sortKeys(parsed))).toBe('{"__proto__":{"x":1},"b":1,"n":{"__proto__":2}}');
    expect(Object.getPrototypeOf(sortKeys(parsed))).toBe(Object.prototype);
  });

  it('gives two requests that differ only in a __proto__ key different cassette hashes and canonical forms', () => {
    const one = JSON.parse('{"args":{"__proto__":{"path":"/a"}}}');
    const two = JSON.parse('{"args":{"__proto__":{"path":"/b"}}}');
    expect(sha256(one)).not.toBe(sha256(two));
    expect(canonicalJson(one)).not.toBe(canonicalJson(two));
  });
});

describe('nullRecord and bumpCell', () => {
  it('count cells named like Object.prototype members as ordinary cells', () => {
    const m = nullRecord<Record<string, number>>();
    bumpCell(m, '__proto__', 'constructor');
    bumpCell(m, '__proto__', 'constructor', 2);
    expect(m['__proto__']!['constructor']).toBe(3);
  });
});
