import { existsSync } from 'node:fs';
import { allDocs } from '../testing/readme.ts';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ToolvetError } from '../errors.ts';
import { FORMATS, REPORTERS, reporterFor } from './reporters.ts';

const root = (path: string): string => fileURLToPath(new URL(`../../${path}`, import.meta.url));

describe('reporter registry', () => {
  it.each(FORMATS)('%s has its file, a test and a line in the README', (id) => {
    const reporter = REPORTERS[id];
    expect(reporter.id).toBe(id);
    expect(reporter.description.length).toBeGreaterThan(10);
    expect(existsSync(root(`reporters/${id}.ts`)), `reporters/${id}.ts`).toBe(true);
    const tests = [`reporters/${id}.test.ts`, `src/report/${id}-reporter.test.ts`];
    expect(tests.some((t) => existsSync(root(t))), tests.join(' or ')).toBe(true);
    expect(allDocs()).toContain(`| \`${id}\` |`);
  });

  it('refuses an unknown format, listing the known ones', () => {
    expect(() => reporterFor('pdf')).toThrow(ToolvetError);
    expect(() => reporterFor('pdf')).toThrow(/unknown report format "pdf"/);
    try {
      reporterFor('pdf');
    } catch (error) {
      expect((error as ToolvetError).hint).toContain(FORMATS.join(', '));
    }
  });
});
