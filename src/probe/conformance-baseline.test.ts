import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ToolvetError } from '../errors.ts';
import { loadBaseline } from './conformance-baseline.ts';

const dir = mkdtempSync(join(tmpdir(), 'toolvet-baseline-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const file = (text: string, ext = 'yaml'): string => {
  const path = join(dir, `b${n++}.${ext}`);
  writeFileSync(path, text);
  return path;
};

describe('loadBaseline: the official suite\'s expected-failures form', () => {
  it('reads whole scenarios, scenario:check entries, and per-server lists; an empty list is an empty baseline', () => {
    expect(loadBaseline(file('server:\n  - cache-hints\n  - origin:foreign-origin\nservers:\n  everything:\n    - http-headers:protocol-version-unsupported\n'))).toEqual({
      all: [{ scenario: 'cache-hints' }, { scenario: 'origin', checkId: 'foreign-origin' }],
      servers: { everything: [{ scenario: 'http-headers', checkId: 'protocol-version-unsupported' }] },
    });
    expect(loadBaseline(file('server: []\n'))).toEqual({ all: [], servers: {} });
    expect(loadBaseline(file('{"server": ["resources-read:notes://all"]}', 'json')).all).toEqual([{ scenario: 'resources-read', checkId: 'notes://all' }]);
  });

  it.each([
    ['a space after the colon', 'server:\n  - origin: foreign-origin\n', '$.server[0]', /did you mean 'origin:foreign-origin'/],
    ['an empty side of the colon', 'server:\n  - "origin:"\n', '$.server[0]', /both sides of the colon/],
    ['a check beside its whole scenario', 'server:\n  - origin\n  - origin:foreign-origin\n', '$.server', /redundant/],
    ['an unknown key', 'client:\n  - auth\n', '$.client', /not a known key/],
    ['a list that is not a list', 'server: cache-hints\n', '$.server', /must be a list/],
    ['servers that is not a mapping', 'servers:\n  - a\n', '$.servers', /must map server names/],
    ['a number entry', 'server:\n  - 7\n', '$.server[0]', /non-empty string/],
  ])('refuses %s, naming the file and the path', (_name, text, path, message) => {
    const at = file(text);
    let error: unknown;
    try {
      loadBaseline(at);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ToolvetError);
    expect((error as ToolvetError).code).toBe('E_FILE_INVALID');
    expect((error as ToolvetError).message).toContain(at);
    expect((error as ToolvetError & { path?: string }).path ?? (error as { details?: { path?: string } }).details?.path).toBe(path);
    expect((error as ToolvetError).message).toMatch(message);
  });
});
