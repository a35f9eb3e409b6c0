/**
 * "Is this failing" is decided once, by the gate, and stamped on each change and A/B result; every
 * renderer (JUnit, HTML, the diff text, Markdown, GitHub annotations) reads the stamp. The table pins
 * the decision at every --fail-on and level; the end-to-end test runs a real diff with a breaking and
 * a retest change and checks that each renderer agrees with the stamp.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { annotations } from '../../reporters/github.ts';
import { renderHtml } from '../../reporters/html.ts';
import { renderJUnit } from '../../reporters/junit.ts';
import { renderMarkdown } from '../../reporters/markdown.ts';
import { formatDiffText } from './format-text.ts';
import { gateDiff } from './gate.ts';
import { runDiff } from './run-diff.ts';
import type { AbResult, Change, FailOn, Level } from './types.ts';

const change = (level: Level, accepted = false): Change => ({ tool: 't', check: `c-${level}`, level, path: 'inputSchema', message: level, ...(accepted ? { accepted: { reason: 'r', expires: '2099-01-01' } } : {}) });

// [--fail-on, level, accepted by the baseline, fails]
const TABLE: Array<[FailOn, Level, boolean, boolean]> = [
  ['breaking', 'breaking', false, true],
  ['breaking', 'retest', false, false],
  ['breaking', 'safe', false, false],
  ['retest', 'breaking', false, true],
  ['retest', 'retest', false, true],
  ['retest', 'safe', false, false],
  ['info', 'breaking', false, true],
  ['info', 'retest', false, true],
  ['info', 'safe', false, true],
  ['breaking', 'breaking', true, false],
  ['retest', 'breaking', true, false],
  ['info', 'safe', true, false],
];

describe('the gate stamps what fails', () => {
  it.each(TABLE)('--fail-on %s, a %s change (accepted: %s) fails: %s', (failOn, level, accepted, fails) => {
    const gated = gateDiff([change(level, accepted)], [], failOn);
    expect(gated.changes.map((c) => c.failing)).toEqual([fails]);
    expect(gated.gate.pass).toBe(!fails);
  });

  it('stamps A/B results: regressed and not enough data fail unless accepted', () => {
    const ab = (verdict: AbResult['verdict'], accepted = false) => ({ verdict, ...(accepted ? { accepted: { reason: 'r', expires: '2099-01-01' } } : {}), suite: verdict, margin: 0.05, oldAccuracy: 1, newAccuracy: 1, difference: 0, interval: { low: 0, high: 0 }, queries: 1, worse: 0 }) as unknown as AbResult;
    const gated = gateDiff([], [ab('regressed'), ab('not enough data'), ab('no detectable change'), ab('improved'), ab('regressed', true)], 'breaking');
    expect(gated.ab.map((r) => [r.verdict, r.failing])).toEqual([['regressed', true], ['not enough data', true], ['no detectable change', false], ['improved', false], ['regressed', false]]);
    expect(gated.gate.reasons).toHaveLength(2);
  });

  it('every renderer reads the stamp: --fail-on retest fails on the breaking and the retest change of a real diff', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolvet-gate-'));
    const refman = JSON.parse(readFileSync(fileURLToPath(new URL('../../fixtures/tools/refman.json', import.meta.url)), 'utf8')) as Array<{ name: string; description: string }>;
    // search_items removed (breaking), get_item reworded (retest).
    const next = refman.filter((t) => t.name !== 'search_items').map((t) => (t.name === 'get_item' ? { ...t, description: `${t.description} Reworded.` } : t));
    const newFile = join(dir, 'next.json');
    writeFileSync(newFile, JSON.stringify(next));
    const oldFile = fileURLToPath(new URL('../../fixtures/tools/refman.json', import.meta.url));
    for (const [failOn, failingChecks] of [['breaking', ['tool-removed']], ['retest', ['tool-removed', 'description-changed']]] as const) {
      const result = await runDiff({ old: oldFile, new: newFile, failOn });
      const diff = result.diff!;
      expect(result.verdict.status).toBe('fail');
      expect(diff.changes.map((c) => [c.check, c.level, c.failing])).toEqual([
        ['tool-removed', 'breaking', true],
        ['description-changed', 'retest', failOn === 'retest'],
      ]);
      const junit = renderJUnit(result);
      expect(junit.match(/<failure /g) ?? []).toHaveLength(failingChecks.length);
      for (const check of failingChecks) expect(junit).toMatch(new RegExp(`<failure [^>]*type="${check}"`));
      const text = formatDiffText(result);
      expect(text.match(/\[fails the gate\]/g) ?? []).toHaveLength(failingChecks.length);
      expect(renderHtml(result).match(/<b class="state-failed">fails<\/b>/g) ?? []).toHaveLength(failingChecks.length);
      expect(renderMarkdown(result)).toContain(`#### Changes that fail the gate (${failingChecks.length})`);
      const errors = annotations(result).filter((a) => a.title.startsWith('toolvet diff ') && a.level === 'error');
      expect(errors.map((a) => a.title.split(': ')[1])).toEqual(failingChecks.map((c) => `${c === 'tool-removed' ? 'search_items' : 'get_item'} ${c}`));
    }
  });
});
