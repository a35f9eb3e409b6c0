/**
 * Runs the small suite in fixtures/vitest-verdicts/ as a real `vitest run` child process with the
 * Toolvet reporter, for the tests of what that reporter writes: one check file (`<check>.check.ts`),
 * the reports in a fresh folder, and the child's own temporary folder (TMPDIR) fresh too, so a test
 * can see what the run left behind. `dispose()` removes both.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const VITEST = join(ROOT, 'node_modules/vitest/vitest.mjs');

export interface VitestRun {
  code: number;
  stdout: string;
  stderr: string;
  /** The report folder. */
  dir: string;
  /** The child's TMPDIR. */
  tmp: string;
  /** A report file's text, or '' when it was not written. */
  read(name: string): string;
  /** Every report file written, by name. */
  files(): string[];
  dispose(): void;
}

/** `args` are added to the command line (more reporters, for example); `{dir}` in one stands for the report folder. */
export function vitestRun(check: string, env: Record<string, string> = {}, formats = 'json,markdown', args: string[] = []): Promise<VitestRun> {
  const dir = mkdtempSync(join(tmpdir(), 'toolvet-verdicts-'));
  const tmp = join(dir, 'tmp');
  const reports = join(dir, 'reports');
  mkdirSync(tmp);
  const read = (name: string): string => (existsSync(join(reports, name)) ? readFileSync(join(reports, name), 'utf8') : '');
  const files = (): string[] => (existsSync(reports) ? readdirSync(reports).sort() : []);
  const dispose = (): void => rmSync(dir, { recursive: true, force: true });
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [VITEST, 'run', '--config', 'fixtures/vitest-verdicts/vitest.config.ts', '--reporter=default', '--reporter=./reporters/vitest-reporter.ts', ...args.map((a) => a.replaceAll('{dir}', reports))],
      {
        cwd: ROOT,
        env: { ...process.env, TOOLVET_VERDICT_CASE: check, TOOLVET_REPORT_DIR: reports, TOOLVET_REPORT_FORMATS: formats, GITHUB_ACTIONS: '', CI: 'true', TMPDIR: tmp, ...env },
        maxBuffer: 16 * 1024 * 1024,
      },
      (error, stdout, stderr) => resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr, dir: reports, tmp, read, files, dispose }),
    );
  });
}
