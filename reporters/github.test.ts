import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ToolvetResult } from '../src/report/model.ts';
import { everyResult } from '../src/report/testing/real-results.ts';
import { annotationLine, emitGitHub, renderGitHub } from './github.ts';
import { tempDir } from '../src/testing/temp-dir.ts';

let merged: ToolvetResult;

beforeAll(async () => {
  ({ merged } = await everyResult());
}, 120_000);

describe('github reporter', () => {
  it('when GITHUB_ACTIONS is set: annotations on stdout and the Markdown summary appended to $GITHUB_STEP_SUMMARY', () => {
    const summary = join(tempDir('toolvet-gh-'), 'step-summary.md');
    writeFileSync(summary, '# earlier step\n');
    let out = '';
    expect(emitGitHub(merged, { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary }, (t) => (out += t))).toBe(true);
    const text = readFileSync(summary, 'utf8');
    expect(text.startsWith('# earlier step\n### ❌ Toolvet FAIL')).toBe(true);
    const lines = out.trim().split('\n');
    expect(lines[0]).toMatch(/^::error title=toolvet merged%3A FAIL::/);
    expect(lines.every((l) => /^::(error|warning|notice) /.test(l))).toBe(true);
    expect(lines.some((l) => l.startsWith('::error title=toolvet lint '))).toBe(true);
    expect(lines.some((l) => l.startsWith('::warning title=toolvet A/B refman%3A flipped '))).toBe(true);
  });

  it('does nothing outside GitHub Actions', () => {
    let out = '';
    expect(emitGitHub(merged, {}, (t) => (out += t))).toBe(false);
    expect(out).toBe('');
  });

  it('escapes workflow-command data and properties as @actions/core does', () => {
    expect(annotationLine({ level: 'warning', title: 'a: b, c', message: '100% done\r\nnext', file: 'x,y.json', line: 3 })).toBe('::warning file=x%2Cy.json,line=3,title=a%3A b%2C c::100%25 done%0D%0Anext');
  });

  it('keeps one line per annotation, capped per level', () => {
    const text = renderGitHub(merged);
    expect(text.split('\n').filter((l) => l.startsWith('::warning')).length).toBeLessThanOrEqual(50);
  });
});
