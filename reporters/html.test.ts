import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confusionLabels } from '../src/report/html/heatmap.ts';
import { wordDiffHtml } from '../src/report/html/word-diff.ts';
import type { ToolvetResult } from '../src/report/model.ts';
import { launchChromium } from '../src/report/testing/chromium.ts';
import { everyResult, fixture } from '../src/report/testing/real-results.ts';
import { loadToolFile } from '../src/config/tool-file.ts';
import { renderHtml } from './html.ts';
import { tempDir } from '../src/testing/temp-dir.ts';

let parts: ToolvetResult[];
let merged: ToolvetResult;

beforeAll(async () => {
  ({ parts, merged } = await everyResult());
}, 120_000);

describe('html reporter, as text', () => {
  it('is one self-contained file: no scripts, no external URLs, a CSP that forbids fetching', () => {
    const html = renderHtml(merged);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/(src|href)\s*=\s*["']?(https?:)?\/\//i);
    expect(html).not.toMatch(/url\(\s*["']?(https?:)?\/\//i);
    expect(html).toContain("default-src 'none'");
  });

  it('has every section of the result, and leaves out absent ones', () => {
    const html = renderHtml(merged);
    for (const id of ['verdict', 'summary', 'confusion', 'per-tool', 'failed', 'diff', 'flipped', 'lint', 'bench', 'skills', 'probe']) expect(html).toContain(`id="${id}"`);
    const bench = renderHtml(parts[3]);
    expect(bench).toContain('id="bench"');
    for (const id of ['confusion', 'diff', 'lint', 'skills']) expect(bench).not.toContain(`id="${id}"`);
  });

  it('puts the old and new description of a flipped query side by side when the diff carries the texts', () => {
    // The diff section carries no description texts yet; give its real changes the real texts of
    // the two fixture files it compared, as a diff that records them would.
    const oldTools = loadToolFile(fixture('snapshots/refman.json')).tools;
    const newTools = loadToolFile(fixture('tools/refman-v2-harmful.json')).tools;
    const withTexts = JSON.parse(JSON.stringify(parts[1])) as ToolvetResult;
    for (const c of withTexts.diff!.changes as Array<{ tool: string; check: string; before?: string; after?: string }>) {
      if (c.check !== 'description-changed') continue;
      c.before = oldTools.find((t) => t.name === c.tool)!.description;
      c.after = newTools.find((t) => t.name === c.tool)!.description;
    }
    const html = renderHtml(withTexts);
    const flipped = html.slice(html.indexOf('id="flipped"'), html.indexOf('</section>', html.indexOf('id="flipped"')));
    expect(flipped).not.toContain('carries no description texts');
    expect(flipped).toMatch(/<h4>old descriptions: chose <code>get_item<\/code>[^]*<p><code>get_item<\/code>: [^<]*(<del>|[^<]*<del>)/);
    expect(flipped).toContain('<ins>');
  });

  it('highlights the differing words of two descriptions', () => {
    const { before, after } = wordDiffHtml('Search items by author. Do NOT use for tags.', 'Search items by title. Do NOT use for tags or <notes>.');
    expect(before).toBe('Search items by <del>author</del>. Do NOT use for tags .');
    expect(after).toBe('Search items by <ins>title</ins>. Do NOT use for tags <ins>or &lt;notes&gt;</ins>.');
  });
});

describe('html reporter in headless Chromium', () => {
  let chrome: Awaited<ReturnType<typeof launchChromium>>;
  const dir = tempDir('toolvet-html-');

  beforeAll(async () => {
    chrome = await launchChromium();
  }, 90_000);

  afterAll(async () => {
    await chrome?.close();
  });

  it('renders a real report with no console errors, one heatmap cell per expected/chosen pair, and the verdict visible', async () => {
    const file = join(dir, 'report.html');
    writeFileSync(file, renderHtml(merged));
    const page = await chrome.context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('requestfailed', (r) => problems.push(`request ${r.url()}`));
    await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });

    const confusion = merged.summary!.confusion;
    const { expected, chosen } = confusionLabels(confusion);
    const cells = page.locator('#confusion td.cell');
    expect(await cells.count()).toBe(expected.length * chosen.length);
    for (const e of expected) {
      for (const c of chosen) {
        const cell = page.locator(`#confusion td.cell[data-expected="${e}"][data-chosen="${c}"]`);
        expect(await cell.count()).toBe(1);
        expect(Number(await cell.getAttribute('data-count'))).toBe(confusion[e]?.[c] ?? 0);
      }
    }

    const verdict = page.locator('#verdict');
    expect(await verdict.isVisible()).toBe(true);
    expect(await verdict.innerText()).toContain('Verdict: FAIL');
    expect(await page.locator('#per-tool svg.chart rect.bar').count()).toBe(merged.summary!.perTool.length * 3);
    expect(await page.locator('#flipped .flip').count()).toBe(merged.diff!.ab.flatMap((a) => a.flipped).length);
    expect(await page.locator('#bench svg.chart').count()).toBeGreaterThan(0);

    mkdirSync('test-results', { recursive: true });
    await page.screenshot({ path: 'test-results/html-report.png', fullPage: true });
    expect(problems).toEqual([]);
  }, 90_000);

  it('reads the same with JavaScript off', async () => {
    const file = join(dir, 'report.html');
    const page = await chrome.context.newPage();
    const cdp = await chrome.context.newCDPSession(page);
    await cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
    await page.goto(pathToFileURL(file).href);
    expect(await page.locator('#verdict').innerText()).toContain('FAIL');
    expect(await page.locator('#confusion td.cell').count()).toBeGreaterThan(0);
    await page.close();
  }, 60_000);
});
