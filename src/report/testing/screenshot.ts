/**
 * Makes docs/html-report.png: the HTML report of the real fixture runs (eval, diff with A/B, lint,
 * bench, skills, merged) in headless Chromium.  node --import tsx src/report/testing/screenshot.ts
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { renderHtml } from '../../../reporters/html.ts';
import { launchChromium } from './chromium.ts';
import { everyResult } from './real-results.ts';

const out = fileURLToPath(new URL('../../../docs/html-report.png', import.meta.url));
const { merged } = await everyResult();
const file = join(mkdtempSync(join(tmpdir(), 'toolvet-shot-')), 'report.html');
writeFileSync(file, renderHtml(merged));
const { context, close } = await launchChromium();
try {
  const page = await context.newPage();
  await page.goto(pathToFileURL(file).href);
  await page.screenshot({ path: out, clip: { x: 0, y: 0, width: 1200, height: 2200 }, fullPage: true });
  process.stdout.write(`wrote ${out}\n`);
} finally {
  await close();
}
