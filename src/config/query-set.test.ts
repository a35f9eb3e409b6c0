import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkQuerySetTools, loadQuerySet } from './query-set.ts';
import { tempDir } from '../testing/temp-dir.ts';

function write(name: string, content: string): string {
  const file = join(tempDir('toolvet-qs-'), name);
  writeFileSync(file, content);
  return file;
}

describe('loadQuerySet', () => {
  it('reads YAML with BFCL-style argument lists and optional markers', () => {
    const file = write(
      'library.yaml',
      `cases:
  - query: "find papers on 'coral'"
    expect:
      tool: search_items
      args:
        query: ["coral"]
        limit: [10, ""]
        sort: {anyOf: [relevance], optional: true}
  - query: hello
    expect: {tool: null}
`,
    );
    const set = loadQuerySet(file);
    expect(set.name).toBe('library');
    expect(set.cases.map((c) => c.id)).toEqual(['q1', 'q2']);
    expect(set.cases[0].expect.args).toEqual({
      query: { anyOf: ['coral'], optional: false },
      limit: { anyOf: [10], optional: true },
      sort: { anyOf: ['relevance'], optional: true },
    });
    expect(set.cases[1].expect.tool).toBeNull();
  });

  it('names the path of a wrong type', () => {
    const file = write('bad.json', JSON.stringify({ cases: [{ query: 'x', expect: { tool: 'a' } }, { query: 42, expect: { tool: 'a' } }] }));
    expect(() => loadQuerySet(file)).toThrow(expect.objectContaining({ code: 'E_FILE_INVALID', path: '$.cases[1].query' }));
  });

  it('refuses duplicate ids, naming both', () => {
    const file = write('dup.json', JSON.stringify({ cases: [{ id: 'a', query: 'x', expect: { tool: null } }, { id: 'a', query: 'y', expect: { tool: null } }] }));
    expect(() => loadQuerySet(file)).toThrow(/\$\.cases\[1\]\.id "a" repeats \$\.cases\[0\]\.id/);
  });

  it('gives the line of a YAML error', () => {
    const file = write('broken.yaml', 'cases:\n  - query: "x\n    expect: {tool: a}\n');
    expect(() => loadQuerySet(file)).toThrow(expect.objectContaining({ code: 'E_FILE_PARSE', message: expect.stringMatching(/line \d+/) }));
  });

  it('refuses an expected tool that no server lists, listing the ones that exist', () => {
    const set = loadQuerySet(write('q.json', JSON.stringify({ cases: [{ query: 'x', expect: { tool: 'serch_items' } }] })));
    expect(() => checkQuerySetTools(set, new Set(['search_items']))).toThrow(
      expect.objectContaining({ code: 'E_UNKNOWN_TOOL', tool: 'serch_items', hint: expect.stringContaining('search_items') }),
    );
  });
});
