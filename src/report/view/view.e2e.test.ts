/**
 * `toolvet view` as a user meets it: three real `eval --history` runs, the folder served on
 * 127.0.0.1, headless Chromium following the trend's ringed dot to a run, a suite, a case and its
 * attempts (screenshot in the test's temp folder), two runs side by side, and paths out refused.
 */
import { request } from 'node:http';
import { readdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../cli/main.ts';
import { launchChromium } from '../testing/chromium.ts';
import { startViewServer, type ViewServer } from './server.ts';
import { tempDir } from '../../testing/temp-dir.ts';

const fixture = (p: string): string => new URL(`../../../fixtures/${p}`, import.meta.url).pathname;

async function quiet(args: string[]): Promise<number> {
  const [writeOut, writeErr] = [process.stdout.write.bind(process.stdout), process.stderr.write.bind(process.stderr)];
  process.stdout.write = (() => true) as typeof process.stdout.write;
  process.stderr.write = (() => true) as typeof process.stderr.write;
  try {
    return await main(args);
  } finally {
    process.stdout.write = writeOut;
    process.stderr.write = writeErr;
  }
}

/** A raw GET: the path goes on the wire as written (fetch would normalise `..` away). */
function get(url: string, path: string): Promise<{ status: number; body: string }> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

let dir: string;
let history: string;
let server: ViewServer;

beforeAll(async () => {
  dir = tempDir('toolvet-view-');
  history = join(dir, 'history');
  for (const tools of ['refman', 'refman', 'refman-v2-harmful']) {
    expect(await quiet(['eval', '--tools', fixture(`tools/${tools}.json`), '--queries', fixture('queries/refman.yaml'), '--model', 'mock', '--repeat', '6', '--history', history])).toBe(0);
  }
  // A link out of the folder, named like a result: never served.
  symlinkSync('/etc/passwd', join(history, 'passwd.json'));
  server = await startViewServer(history);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('toolvet view', () => {
  it('serves on 127.0.0.1 only, at a free port', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  });

  it('drills down in Chromium: the trend with its significant run ringed, then run, suite, case and its attempts', async () => {
    const runs = readdirSync(history).filter((n) => n !== 'passwd.json').sort();
    const chrome = await launchChromium();
    try {
      const tab = await chrome.context.newPage();
      await tab.goto(server.url);
      expect(await tab.locator('svg.history circle').count()).toBe(3);
      expect(await tab.locator('svg.history circle.marked').count()).toBe(1);
      await tab.locator('svg.history circle.marked').click();
      await tab.waitForURL((u) => decodeURIComponent(u.pathname) === `/run/${runs[2]}`);
      await tab.locator('a.suite', { hasText: 'refman' }).click();
      await tab.waitForURL(/\/suite\/refman$/);
      expect(await tab.locator('h1').textContent()).toBe('refman');
      // eval --history keeps every case, passed ones too, not only the failed ones kept in memory.
      expect(await tab.locator('a.case').count()).toBe(35);
      await tab.locator('a.case').first().click();
      await tab.waitForURL(/\/case\/refman\//);
      expect(await tab.locator('pre.trajectory').count()).toBe(6);
      expect(await tab.locator('pre.trajectory').first().textContent()).toContain('"state"');
      await tab.screenshot({ path: join(dir, 'view-case.png'), fullPage: true });
      expect(readdirSync(dir)).toContain('view-case.png');
      await tab.goto(`${server.url}compare?a=${encodeURIComponent(runs[0])}&b=${encodeURIComponent(runs[2])}`);
      expect(await tab.locator('.side iframe').count()).toBe(2);
      const frame = tab.frameLocator('.side iframe').nth(1);
      expect(await frame.locator('h1').first().textContent()).toBe('Toolvet eval report');
      await tab.screenshot({ path: join(dir, 'view-compare.png'), fullPage: true });
    } finally {
      await chrome.close();
    }
  }, 120_000);

  it('refuses every path out of the folder, however spelt, and links out of it', async () => {
    for (const path of ['/../../etc/passwd', '/file/..%2F..%2Fetc%2Fpasswd', '/run/..%2F..%2Fetc%2Fpasswd', '/file/%2Fetc%2Fpasswd', '/file/passwd.json', '/run/passwd.json', '/compare?a=../../etc/passwd&b=passwd.json', '/file/..', '/file/%2e%2e']) {
      const res = await get(server.url, path);
      expect([403, 404], path).toContain(res.status);
      expect(res.body, path).not.toContain('root:');
    }
    const ok = await get(server.url, `/file/${encodeURIComponent(readdirSync(history).filter((n) => n !== 'passwd.json')[0])}`);
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body).command).toBe('eval');
  });
});
