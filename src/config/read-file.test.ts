/** readTextFile's empty-file check looks at the text a slice at a time: blanks across slices, content anywhere. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readDataFile, readTextFile } from './read-file.ts';

const dir = mkdtempSync(join(os.tmpdir(), 'toolvet-read-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

describe('readTextFile', () => {
  it.each([
    ['spaces and newlines', ' \n\t\r\n '],
    ['a byte-order mark and a newline', '\ufeff\n'],
    ['blanks over several slices', `${' '.repeat(10_000)}\n${'\u00a0'.repeat(5000)}`],
  ])('refuses a file of only %s as empty', (_, text) => {
    expect(() => readTextFile(write('blank.json', text), 'query set')).toThrow(expect.objectContaining({ code: 'E_FILE_PARSE', message: expect.stringContaining('is empty') }));
  });

  it('reads content that starts after many blank slices', () => {
    const file = write('late.json', `${' '.repeat(10_000)}{"cases": []}\n`);
    expect(readDataFile(file, 'query set')).toEqual({ cases: [] });
  });

  it('drops a leading byte-order mark', () => {
    expect(readTextFile(write('bom.json', '\ufeff{}'), 'query set')).toBe('{}');
  });
});
