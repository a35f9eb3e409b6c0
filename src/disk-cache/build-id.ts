/**
 * Which build of Toolvet is running: a hash of every file the bundle wrote (scripts/build.ts puts it in
 * dist/build-id.txt beside the chunks). A cache of what the code computed, not only of what it read,
 * is keyed by it, so an upgrade or a rebuild never reads an entry an older version made. Running from
 * sources (tsx, vitest on src/) there is no build id, and such caches are off.
 */
import { readFileSync } from 'node:fs';

declare const __TOOLVET_BUNDLE__: boolean | undefined;

export const BUILD_ID_FILE = 'build-id.txt';

let id: string | null | undefined;

/** The running build's id, or undefined when running from sources. */
export function buildId(): string | undefined {
  if (id === undefined) {
    // Only the bundle (esbuild defines __TOOLVET_BUNDLE__): sources may differ from the dist/ beside them.
    if (typeof __TOOLVET_BUNDLE__ === 'undefined' || __TOOLVET_BUNDLE__ !== true) return undefined;
    try {
      // import.meta.url is this source file's place in the bundle too (scripts/build.ts), as for the precompiled validators.
      id = /^[0-9a-f]{32}$/.exec(readFileSync(new URL(`../../dist/${BUILD_ID_FILE}`, import.meta.url), 'utf8').trim())?.[0] ?? null;
    } catch {
      id = null;
    }
  }
  return id ?? undefined;
}
