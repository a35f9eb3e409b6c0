/**
 * openQuerySet: a JSON set read streaming gives what loadQuerySet gives, case for case, and any file
 * loadQuerySet refuses is refused with loadQuerySet's own error (file, path, line).
 */
import { readdirSync, readFileSync, readlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ToolvetError } from '../errors.ts';
import { allCases, openQuerySet as openDefault, STREAM_ABOVE_BYTES } from './query-set-source.ts';
import { caseRefs, loadQuerySet } from './query-set.ts';
import { MAX_INPUT_BYTES, MAX_STREAMED_BYTES } from './read-file.ts';
import { tempDir as makeTempDir } from '../testing/temp-dir.ts';

const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures', 'queries');

function tempDir(): string {
  return makeTempDir('toolvet-qss-');
}

function write(name: string, content: string | Buffer): string {
  const file = join(tempDir(), name);
  writeFileSync(file, content);
  return file;
}

/** Opens the set as a large one: streamed whatever its size. */
const openQuerySet = (file: string): ReturnType<typeof openDefault> => openDefault(file, { streamAboveBytes: 0 });

/** Every query set under fixtures/queries, YAML files, recursively. */
function fixtureSets(dir = FIXTURES): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? fixtureSets(join(dir, e.name)) : /\.ya?ml$/.test(e.name) ? [join(dir, e.name)] : []));
}

/** What loadQuerySet throws for a file over the whole-file limit, read with the streamed limit. */
function loadError2(file: string): ToolvetError {
  try {
    loadQuerySet(file, { maxBytes: MAX_STREAMED_BYTES });
  } catch (error) {
    return error as ToolvetError;
  }
  throw new Error(`${file} loaded`);
}

/** What loadQuerySet throws for the file, or undefined. */
function loadError(file: string): ToolvetError | undefined {
  try {
    loadQuerySet(file);
    return undefined;
  } catch (error) {
    return error as ToolvetError;
  }
}

describe('openQuerySet on JSON', () => {
  const sets = fixtureSets();

  it('streams every fixture query set, written as JSON, to the same cases, header, places and names as loadQuerySet', () => {
    expect(sets.length).toBeGreaterThanOrEqual(5);
    const dir = tempDir();
    for (const yamlFile of sets) {
      const file = join(dir, `${basename(yamlFile).replace(/\.ya?ml$/, '')}.json`);
      writeFileSync(file, JSON.stringify(parse(readFileSync(yamlFile, 'utf8'))));
      const whole = loadQuerySet(file);
      const source = openQuerySet(file);
      expect(source.streamed, file).toBe(true);
      const { cases, ...header } = whole;
      const { count, drafts, places, refs, streamed: _streamed, cases: _read, ...sourceHeader } = source;
      expect(sourceHeader, file).toEqual(header);
      expect(allCases(source), file).toEqual(cases);
      // A second pass reads the file again, the same.
      expect(allCases(source), file).toEqual(cases);
      expect(count).toBe(cases.length);
      expect(drafts).toBe(cases.filter((c) => c.draft).length);
      expect([...places]).toEqual(cases.map((c, i) => [c.id, i]));
      expect(refs).toEqual(caseRefs(cases));
    }
  });

  it('parses a JSON set of up to STREAM_ABOVE_BYTES whole (faster at that size), and streams a larger one', () => {
    const small = write('small.json', JSON.stringify({ cases: [{ query: 'a', expect: { tool: null } }] }));
    expect(openDefault(small).streamed).toBe(false);
    expect(allCases(openDefault(small))).toEqual(loadQuerySet(small).cases);
    const cases = Array.from({ length: Math.ceil(STREAM_ABOVE_BYTES / 40) }, (_, i) => ({ query: `q ${i}`, expect: { tool: null } }));
    const large = write('large.json', JSON.stringify({ cases }));
    expect(openDefault(large).streamed).toBe(true);
  });

  it('reads YAML whole, as loadQuerySet does', () => {
    const source = openQuerySet(sets[0]);
    expect(source.streamed).toBe(false);
    expect(allCases(source)).toEqual(loadQuerySet(sets[0]).cases);
  });

  it('is right across chunk boundaries: 3,000 cases, multi-byte text, a byte-order mark, escapes', () => {
    const cases = Array.from({ length: 3000 }, (_, i) => ({
      id: `c-${i}`,
      query: `${'é☃𝄞'.repeat(i % 7)} case \\ "${i}" \u2028 ${'x'.repeat(i % 50)}`,
      expect: i % 3 === 0 ? { tool: null } : { tool: 'search', args: { q: [`v${i}`, ''], n: { anyOf: [i, 1e21, -0.5], optional: true } } },
      ...(i % 11 === 0 ? { tags: ['t'], draft: true } : {}),
    }));
    const file = write('big.json', `\ufeff${JSON.stringify({ cases, name: 'big', gate: { minAccuracy: 0.5 } }, null, 1)}`);
    expect(readFileSync(file).length).toBeGreaterThan(5 * 64 * 1024);
    const source = openQuerySet(file);
    expect(source.streamed).toBe(true);
    expect(source.name).toBe('big');
    expect(source.gate).toEqual({ minAccuracy: 0.5 });
    expect(source.drafts).toBe(273);
    expect(allCases(source)).toEqual(loadQuerySet(file).cases);
  });

  const refused: Array<[string, string]> = [
    ['a syntax error', '{"cases": [{"query": "a", "expect": {"tool": null}},]}'],
    ['an unknown top-level key', '{"cases": [{"query": "a", "expect": {"tool": null}}], "gates": {"minAccuracy": 1}}'],
    ['an unknown key in a later case', `{"cases": [${'{"query": "a", "expect": {"tool": null}},'.repeat(5)}{"query": "b", "expect": {"tool": null}, "tool": "x"}]}`],
    ['a repeated id', '{"cases": [{"id": "a", "query": "a", "expect": {"tool": null}}, {"id": "a", "query": "b", "expect": {"tool": null}}]}'],
    ['cases as an object', '{"cases": {"one": {"query": "a", "expect": {"tool": null}}}}'],
    ['no cases', '{"cases": []}'],
    ['a list at the top', '[{"query": "a", "expect": {"tool": null}}]'],
    ['text after the object', '{"cases": [{"query": "a", "expect": {"tool": null}}]} {}'],
    ['a cut-off file', '{"cases": [{"query": "a", "expect": {"tool": null}}'],
    ['a blank file', '  \n '],
    ['a wrong gate', '{"gate": {"minAccuracy": 2}, "cases": [{"query": "a", "expect": {"tool": null}}]}'],
    ['a bad scenario', '{"scenarios": [{"turns": []}]}'],
  ];
  it.each(refused)('refuses %s with loadQuerySet\'s own error', (_what, text) => {
    const file = write('set.json', text);
    const expected = loadError(file);
    expect(expected).toBeInstanceOf(ToolvetError);
    expect(() => openQuerySet(file)).toThrow(expected!.message);
    try {
      openQuerySet(file);
    } catch (error) {
      expect((error as ToolvetError).code).toBe(expected!.code);
    }
  });

  it('refuses invalid UTF-8 and UTF-16 as loadQuerySet does', () => {
    for (const bytes of [Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]), Buffer.from('\ufeff{"cases": []}', 'utf16le')]) {
      const file = write('set.json', bytes);
      expect(() => openQuerySet(file)).toThrow(loadError(file)!.message);
    }
  });

  it('takes what JSON.parse takes where streaming would differ: a key said twice keeps its last value', () => {
    const file = write('twice.json', '{"name": "one", "name": "two", "cases": [{"query": "a", "expect": {"tool": null}}]}');
    const source = openQuerySet(file);
    expect(source.name).toBe('two');
    expect(allCases(source)).toEqual(loadQuerySet(file).cases);
  });

  it('says so when the file changes between the first read and the run', () => {
    const file = write('moving.json', JSON.stringify({ cases: [{ id: 'a', query: 'a', expect: { tool: null } }, { id: 'b', query: 'b', expect: { tool: null } }] }));
    const source = openQuerySet(file);
    writeFileSync(file, JSON.stringify({ cases: [{ id: 'a', query: 'a', expect: { tool: null } }, { id: 'c', query: 'c', expect: { tool: null } }] }));
    expect(() => allCases(source)).toThrow(/changed while eval was reading it \(at \$\.cases\[1\]\)/);
    writeFileSync(file, '{"cases": [');
    expect(() => allCases(source)).toThrow(/changed while eval was reading it/);
  });

  it('streams a set over the 20 MB limit of whole files, and says what is wrong with an invalid one as loadQuerySet would', () => {
    const one = (i: number): string => `{"id":"case-${i}","query":"find the papers on topic ${i} in my library, newest first please","expect":{"tool":"search","args":{"q":["topic ${i}"]}}}`;
    const count = Math.ceil((MAX_INPUT_BYTES + 1024 * 1024) / one(100000).length);
    const text = `{"name":"huge","cases":[${Array.from({ length: count }, (_, i) => one(i)).join(',')}]}`;
    expect(text.length).toBeGreaterThan(MAX_INPUT_BYTES);
    const file = write('huge.json', text);
    expect(() => loadQuerySet(file)).toThrow(/over the 20 MB limit/);
    const source = openQuerySet(file);
    expect(source.streamed).toBe(true);
    expect(source.count).toBe(count);
    let read = 0;
    for (const c of source.cases()) {
      if (read === count - 1) expect(c).toEqual({ id: `case-${count - 1}`, query: `find the papers on topic ${count - 1} in my library, newest first please`, suite: 'huge', expect: { tool: 'search', args: { q: { anyOf: [`topic ${count - 1}`], optional: false } } } });
      read += 1;
    }
    expect(read).toBe(count);
    const bad = write('huge-bad.json', text.replace('"id":"case-1",', '"id":"case-1","weight":2,'));
    const expected = loadError2(bad);
    expect(expected.message).toContain('$.cases[1]');
    expect(() => openQuerySet(bad)).toThrow(expected.message);
    // Past the streamed limit too: refused before a byte is read.
    const past = write('past.json', '');
    truncateSync(past, MAX_STREAMED_BYTES + 1);
    expect(() => openQuerySet(past)).toThrow(/over the 256 MB limit/);
  }, 120_000);

  it('closes the file when the run stops early', () => {
    const file = write('early.json', JSON.stringify({ cases: Array.from({ length: 2000 }, (_, i) => ({ query: `q ${i}`, expect: { tool: null } })) }));
    const open = (): number => readdirSync('/proc/self/fd').filter((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`) === file;
      } catch {
        return false;
      }
    }).length;
    const cases = openQuerySet(file).cases();
    expect(cases.next().done).toBe(false);
    expect(open()).toBe(1);
    cases.return?.();
    expect(open()).toBe(0);
  });
});
