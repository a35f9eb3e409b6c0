/**
 * The run history as a user gets it: three real `eval --history` runs (mock model, the refman tools,
 * then its harmful rewording), `report --history` as text and as an HTML page drawn by real headless
 * Chromium, and the file names' containment.
 */
import { readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../cli/main.ts';
import { launchChromium } from '../testing/chromium.ts';
import { loadResultFile } from '../result-schema.ts';
import { appendHistory, historyFileName, parseHistoryFileName, runOrigin } from './store.ts';
import { intervalsApart, readHistory } from './trend.ts';
import { tempDir } from '../../testing/temp-dir.ts';

const fixture = (p: string): string => new URL(`../../../fixtures/${p}`, import.meta.url).pathname;

/** The CLI in process, stdout and stderr captured. */
async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const [writeOut, writeErr] = [process.stdout.write.bind(process.stdout), process.stderr.write.bind(process.stderr)];
  process.stdout.write = ((chunk: string) => out.push(String(chunk)) > 0) as typeof process.stdout.write;
  process.stderr.write = ((chunk: string) => err.push(String(chunk)) > 0) as typeof process.stderr.write;
  try {
    const code = await main(args);
    return { code, out: out.join(''), err: err.join('') };
  } finally {
    process.stdout.write = writeOut;
    process.stderr.write = writeErr;
  }
}

let dir: string;
let history: string;

beforeAll(async () => {
  dir = tempDir('toolvet-history-');
  history = join(dir, 'history');
  for (const tools of ['refman', 'refman', 'refman-v2-harmful']) {
    const run = await cli(['eval', '--tools', fixture(`tools/${tools}.json`), '--queries', fixture('queries/refman.yaml'), '--model', 'mock', '--repeat', '6', '--history', history]);
    expect(run.err).toContain(`appended to history ${history}`);
  }
}, 120_000);

describe('run history', () => {
  it('keeps one result file per run, named by time, commit and branch, each a valid result', () => {
    const names = readdirSync(history).sort();
    expect(names).toHaveLength(3);
    const origin = runOrigin();
    for (const name of names) {
      expect(parseHistoryFileName(name)).toMatchObject({ commit: origin.commit.slice(0, 12), branch: origin.branch });
      expect(loadResultFile(join(history, name)).suites?.[0].suite).toBe('refman');
    }
  });

  it('marks only the change whose Wilson intervals do not overlap: same tools again is not significant, the harmful rewording is', () => {
    const [suite] = readHistory(history).suites;
    expect(suite.suite).toBe('refman');
    expect(suite.points.map((p) => p.significant)).toEqual([false, false, true]);
    expect(suite.points[1].change).toBe(0);
    expect(suite.points[2].change!).toBeLessThan(0);
    expect(suite.points[2].attempts).toBe(35 * 6);
    expect(suite.points.every((p) => p.tokens !== null && p.tokens > 0)).toBe(true);
  });

  it('prints the trend as text with the significant run starred', async () => {
    const run = await cli(['report', '--history', history]);
    expect(run.code).toBe(0);
    const rows = run.out.split('\n').filter((l) => /^\s+\d{4}-/.test(l) && / pts/.test(l));
    expect(rows).toHaveLength(2);
    expect(rows[0]).not.toContain('*');
    expect(rows[1]).toMatch(/-\d+\.\d pts \*/);
    // Per tool, run by run: the rewording's two casualties starred, the tools it left alone unchanged.
    const tool = (name: string): string => run.out.split('\n').find((l) => l.trim().startsWith(`${name} `))!.trim();
    expect(tool('get_item')).toBe('get_item          100.0% -> 100.0% -> 0.0% (-100.0 pts *)');
    expect(tool('list_collections')).toMatch(/-> 25\.0% \(-75\.0 pts \*\)$/);
    expect(tool('search_items')).toBe('search_items      30.0% -> 30.0% -> 30.0%');
  });

  it('marks per-tool changes by the suite trend\'s own rule: only the tools whose intervals part', () => {
    const [suite] = readHistory(history).suites;
    expect(suite.tools.map((t) => t.tool)).toEqual(['add_item', 'get_item', 'list_collections', 'move_item', 'search_items', 'tag_item']);
    for (const t of suite.tools) {
      expect(t.points).toHaveLength(3);
      t.points.forEach((p, i) => {
        expect(p.accuracy).toBeCloseTo(p.chosen / p.expected, 12);
        expect(p.significant).toBe(i > 0 && intervalsApart(t.points[i - 1].interval, p.interval));
      });
    }
    expect(suite.tools.filter((t) => t.points.some((p) => p.significant)).map((t) => t.tool)).toEqual(['get_item', 'list_collections']);
    // 4 get_item cases x 6 repeats, all chosen, then none.
    expect(suite.tools[1].points.map((p) => [p.chosen, p.expected])).toEqual([[24, 24], [24, 24], [0, 24]]);
  });

  it('draws the HTML trend in Chromium: one line, the significant run ringed, each dot linked to its run file', async () => {
    const page = join(dir, 'out', 'history.html');
    expect((await cli(['report', '--history', history, '--format', 'html', '--out', page])).code).toBe(0);
    const chrome = await launchChromium();
    try {
      const tab = await chrome.context.newPage();
      await tab.goto(pathToFileURL(page).href);
      expect(await tab.locator('svg.history polyline').count()).toBe(1);
      expect(await tab.locator('svg.history circle').count()).toBe(3);
      expect(await tab.locator('svg.history circle.marked').count()).toBe(1);
      expect(await tab.locator('strong.significant').count()).toBe(1);
      // Per tool: a line per tool, the two tools whose change is significant ringed and marked in the table.
      expect(await tab.locator('svg.history-tools polyline').count()).toBe(6);
      expect(await tab.locator('svg.history-tools circle.marked').count()).toBe(2);
      expect(await tab.locator('strong.tool-significant').count()).toBe(2);
      await tab.screenshot({ path: join(dir, 'history.png'), fullPage: true });
      // The ringed dot opens the third run's file, from the page's own folder.
      const href = await tab.locator('svg.history a:has(circle.marked)').getAttribute('href');
      const third = readdirSync(history).sort()[2];
      expect(href).toBe(`../history/${encodeURIComponent(third)}`);
      await tab.locator('svg.history circle.marked').click();
      await tab.waitForURL(/\.json$/);
      expect(decodeURIComponent(tab.url())).toContain(third);
    } finally {
      await chrome.close();
    }
  }, 120_000);

  it('skips files that are not runs (and links) with a warning, and says why a missing folder cannot be read', async () => {
    const odd = tempDir('toolvet-history-odd-');
    writeFileSync(join(odd, 'notes.json'), '{}');
    symlinkSync(join(history, readdirSync(history)[0]), join(odd, historyFileName(loadResultFile(join(history, readdirSync(history)[0])), { commit: 'abc', branch: 'main' })));
    const run = await cli(['report', '--history', odd]);
    expect(run.err).toContain('W_HISTORY_SKIPPED: notes.json');
    expect(readHistory(odd).suites).toEqual([]);
    const missing = await cli(['report', '--history', join(odd, 'nope')]);
    expect(missing.code).not.toBe(0);
    expect(missing.err).toContain('cannot read the history folder');
  });

  it('keeps a hostile branch name inside the folder, and reads commit and branch from GitHub when there is no git', () => {
    const origin = runOrigin(tempDir('toolvet-no-git-'), { GITHUB_SHA: 'f00dfeed', GITHUB_REF_NAME: '../../escape/x' });
    expect(origin).toEqual({ commit: 'f00dfeed', branch: '../../escape/x' });
    const target = tempDir('toolvet-history-hostile-');
    const written = appendHistory(target, loadResultFile(join(history, readdirSync(history)[0])), origin);
    expect(readdirSync(target)).toHaveLength(1);
    expect(written.startsWith(target)).toBe(true);
    expect(parseHistoryFileName(readdirSync(target)[0])).toMatchObject({ commit: 'f00dfeed', branch: '../../escape/x' });
    expect(JSON.parse(readFileSync(written, 'utf8')).command).toBe('eval');
  });

  it('calls two intervals apart only when they do not touch', () => {
    expect(intervalsApart({ low: 0.1, high: 0.5 }, { low: 0.5, high: 0.9 })).toBe(false);
    expect(intervalsApart({ low: 0.1, high: 0.4999 }, { low: 0.5, high: 0.9 })).toBe(true);
    expect(intervalsApart({ low: 0.6, high: 0.9 }, { low: 0.1, high: 0.5 })).toBe(true);
  });
});
