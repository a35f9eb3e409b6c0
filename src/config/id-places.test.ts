/** IdPlaces answers as a Map from id to its turn does, across chunks and table growth. */
import { describe, expect, it } from 'vitest';
import { IdPlaces } from './id-places.ts';

describe('IdPlaces', () => {
  it('gives each id its turn, across chunk boundaries and rehashing, as a Map does', () => {
    const ids = Array.from({ length: 5000 }, (_, i) => (i % 7 === 0 ? `é☃𝄞-${i}` : i % 5 === 0 ? `${i}` : `case-${i}-${'x'.repeat(i % 13)}`));
    ids.push('', 'a', 'ab', 'b');
    const places = new IdPlaces();
    const map = new Map<string, number>();
    for (const id of ids) {
      expect(places.add(id), id).toBe(true);
      map.set(id, map.size);
      // The id just added is found while its chunk is open, and later from its joined chunk.
      expect(places.get(id)).toBe(map.get(id));
    }
    expect(places.size).toBe(map.size);
    for (const id of ids) expect(places.get(id), id).toBe(map.get(id));
    expect([...places]).toEqual([...map]);
    expect([...places.keys()]).toEqual(ids);
  });

  it('refuses an id it has, and answers undefined for ids it does not have', () => {
    const places = new IdPlaces();
    for (let i = 0; i < 3000; i++) places.add(`q${i}`);
    expect(places.add('q5')).toBe(false);
    expect(places.add('q2999')).toBe(false);
    expect(places.size).toBe(3000);
    // Prefixes and extensions of ids held, at the ends of chunks too.
    for (const missing of ['q', 'q3000', 'q30000', 'q1023x', 'q03', 'Q5', 'q5 ', '', 'q-1']) {
      expect(places.get(missing), missing).toBeUndefined();
      expect(places.has(missing), missing).toBe(false);
    }
    expect(places.get('q1023')).toBe(1023);
    expect(places.get('q1024')).toBe(1024);
    expect(places.has('q0')).toBe(true);
  });
});
