/**
 * "Is this failing" is decided once, by the gate, and stamped on each change and A/B result; every
 * renderer (JUnit, HTML, the diff text, Markdown, GitHub annotations) reads the stamp. The table pins
 * the decision at every --fail-on and level; the end-to-end test runs a real diff with a breaking and
 * a retest change and checks that each renderer agrees with the stamp.
 */
import { readFileSync, writeFileSync } from 'node:fs';
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
import type { AbResult, Change, FailOn, Level, VersionCheck } from './types.ts';
import { tempDir } from '../testing/temp-dir.ts';

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

  it('says how many changes of each level fail, naming only the levels that do', () => {
    const changes = [change('breaking'), change('safe'), change('breaking'), change('retest'), change('retest', true)];
    expect(gateDiff(changes, [], 'info').gate.reasons).toEqual(['2 breaking, 1 retest, 1 safe change(s) reach --fail-on info']);
    expect(gateDiff([change('safe'), change('retest')], [], 'retest').gate.reasons).toEqual(['1 retest change(s) reach --fail-on retest']);
    expect(gateDiff([change('safe')], [], 'retest').gate).toEqual({ pass: true, reasons: [] });
  });

  it('says why each failing A/B result fails, and what to do about not enough data', () => {
    const base = { model: 'm', repeat: 1, queries: 40, excluded: 0, oldAccuracy: 0.9, newAccuracy: 0.775, difference: -0.125, interval: { low: -0.2, high: 0 }, mcnemarP: 0.01, worse: 5, better: 0, margin: 0.05, flipped: [] };
    const sequential = (deterministic: boolean) => ({ budget: 200, calls: 120, looks: 3, plannedLooks: 5, deterministic, stopped: deterministic ? 'deterministic' : 'budget', standardError: null }) as unknown as AbResult['sequential'];
    const results: AbResult[] = [
      { ...base, suite: 'reg', verdict: 'regressed' },
      { ...base, suite: 'few', verdict: 'not enough data', interval: { low: -0.1, high: 0.05 } },
      { ...base, suite: 'seq', verdict: 'not enough data', interval: { low: -0.1, high: 0.05 }, sequential: sequential(false) },
      { ...base, suite: 'det', verdict: 'not enough data', interval: { low: -0.1, high: 0.05 }, sequential: sequential(true) },
    ];
    expect(gateDiff([], results, 'breaking').gate.reasons).toEqual([
      'A/B reg: selection regressed by more than 5.0%, 90.0% -> 77.5% (difference -12.5 pts, interval -20.0 pts to +0.0 pts); 5 query(ies) flipped to fail',
      'A/B few: not enough data to rule out a drop of 5.0% (40 queries, interval -10.0 pts to +5.0 pts); raise --budget (see --plan) or add queries, or accept "few:ab-not-enough-data" in the baseline',
      'A/B seq: not enough data to rule out a drop of 5.0% (40 queries, 120 of 200 calls, interval -10.0 pts to +5.0 pts); raise --budget (see --plan) or add queries, or accept "seq:ab-not-enough-data" in the baseline',
      'A/B det: not enough data to rule out a drop of 5.0% (40 queries, 120 of 200 calls, interval -10.0 pts to +5.0 pts); the model is deterministic, so repeats cannot help: add queries, or accept "det:ab-not-enough-data" in the baseline',
    ]);
  });

  it('a stale baseline entry fails the gate; an expired one is only a warning of run-diff (its finding counts again)', () => {
    const issues = [
      { finding: 'a:tool-removed', problem: 'stale', message: 'baseline entry a:tool-removed matches no change: remove it' },
      { finding: 'b:tool-removed', problem: 'expired', message: 'baseline entry b:tool-removed expired on 2020-01-01' },
    ] as const;
    expect(gateDiff([], [], 'breaking', issues).gate).toEqual({ pass: false, reasons: ['baseline entry a:tool-removed matches no change: remove it'] });
    expect(gateDiff([], [], 'breaking', [issues[1]]).gate).toEqual({ pass: true, reasons: [] });
    expect(gateDiff([], [], 'breaking').gate).toEqual({ pass: true, reasons: [] });
  });

  it('--require-semver: a passing bump lets its own server\'s breaking changes through, nothing else', () => {
    const on = (server: string, level: Level): Change => ({ ...change(level), server });
    const bump = (server: string, pass: boolean): VersionCheck => ({ server, required: 'major', actual: pass ? 'major' : 'minor', breaking: [], pass, message: `${server} needs a major release` });
    const gated = gateDiff([on('a', 'breaking'), on('a', 'retest'), on('b', 'breaking')], [], 'retest', [], [bump('a', true), bump('b', false)]);
    expect(gated.changes.map((c) => [c.server, c.level, c.failing])).toEqual([
      ['a', 'breaking', false],
      ['a', 'retest', true],
      ['b', 'breaking', true],
    ]);
    expect(gated.gate.reasons).toEqual(['1 breaking, 1 retest change(s) reach --fail-on retest', '--require-semver: b needs a major release']);
  });

  it('every renderer reads the stamp: --fail-on retest fails on the breaking and the retest change of a real diff', async () => {
    const dir = tempDir('toolvet-gate-');
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
