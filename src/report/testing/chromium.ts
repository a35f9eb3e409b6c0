/**
 * Real headless Chromium for the HTML report test: Debian's `chromium` package driven by
 * playwright-core. A missing browser is an error that says how to install it (`.ci/chromium`),
 * never a skip: the test must fail where the browser is absent.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

export const CHROMIUM_PATH = process.env.TOOLVET_CHROMIUM ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS: readonly string[] = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** A fresh profile per launch (playwright passes it as --user-data-dir). */
export async function launchChromium(): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium is not installed at ${CHROMIUM_PATH}: run \`bash .ci/chromium\` (apt-get install -y chromium) or set TOOLVET_CHROMIUM to its path`);
  }
  const profile = mkdtempSync(join(tmpdir(), 'toolvet-chromium-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS], timeout: 60_000, viewport: { width: 1200, height: 900 } });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
