/**
 * A temporary folder for a test file, removed when that file's tests end: `tempDir('toolvet-x-')` is
 * `mkdtempSync(join(tmpdir(), 'toolvet-x-'))` plus its removal, so no test leaves a folder in TMPDIR
 * (.ci/run fails the run on one). Call it anywhere in a test file: at the top, in a `describe` body,
 * in a hook or in a test.
 *
 * Every folder goes at the end of the file, after the file's own `afterAll` hooks (this module's hook
 * is registered when the file imports it, before any of the file's, and vitest runs `afterAll` hooks
 * last-registered first), so a server still writing into a folder is stopped before the folder goes,
 * and a folder one test made is still there for the next. vitest evaluates this module afresh for
 * each test file (`isolate`, its default), so each file gets its own hook. Outside a test file (a
 * script under scripts/ using a src/testing helper) the folders go when the process exits.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

const made: string[] = [];

function removeMade(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
}

try {
  afterAll(removeMade);
} catch {
  // Not collecting a test file: vitest has no suite to hang the hook on.
  process.once('exit', removeMade);
}

/** A fresh folder `<TMPDIR>/<prefix>XXXXXX`, removed with everything in it when the test file ends. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}
