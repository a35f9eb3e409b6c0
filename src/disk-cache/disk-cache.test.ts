/** The start-up caches stay bounded: past its limit, a kind's oldest entries are removed on the next process's first write. */
import { mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../testing/temp-dir.ts';
import { entryName, MAX_ENTRIES, readEntry, writeEntry } from './disk-cache.ts';

describe('the start-up cache folder', () => {
  const saved = process.env.TOOLVET_CACHE_DIR;
  afterEach(() => {
    process.env.TOOLVET_CACHE_DIR = saved;
  });

  it('keeps at most MAX_ENTRIES of a kind: the oldest quarter goes, the newest and the new entry stay', () => {
    const root = join(tempDir('toolvet-disk-cache-'), 'cache');
    const folder = join(root, 'yaml');
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const max = MAX_ENTRIES.yaml;
    // One entry past the limit, each written a second after the one before.
    const names = Array.from({ length: max + 1 }, (_, i) => entryName([`text ${i}`], 'json'));
    names.forEach((name, i) => {
      writeFileSync(join(folder, name), `${i}`, { mode: 0o600 });
      utimesSync(join(folder, name), 1_000_000 + i, 1_000_000 + i);
    });
    process.env.TOOLVET_CACHE_DIR = root;
    const fresh = entryName(['the new text'], 'json');
    writeEntry('yaml', fresh, '"new"');
    const left = new Set(readdirSync(folder));
    expect(left.size).toBe(Math.floor((max * 3) / 4) + 1);
    expect(left.has(names[0])).toBe(false);
    expect(left.has(names[max - Math.floor((max * 3) / 4)])).toBe(false);
    expect(left.has(names[max - Math.floor((max * 3) / 4) + 1])).toBe(true);
    expect(left.has(names[max])).toBe(true);
    expect(readEntry('yaml', fresh)).toBe('"new"');
  });
});
