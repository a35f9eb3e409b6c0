/**
 * The verdict of a `vitest run` as the Toolvet reporter writes it: vitest's own, always. A failed or
 * thrown test, a test file that failed to load or collect, an unhandled error, or a run vitest itself
 * ended as 'failed' or 'interrupted' is never PASS, whether or not the test recorded a Toolvet result.
 * The reporter gathers what vitest reports into `VitestOutcome`; this pure function decides.
 */
import type { ToolvetResult } from '../src/report/model.ts';

export interface VitestOutcome {
  /** Tests vitest marked failed, by full name, with the first line of their first error. */
  failedTests: ReadonlyArray<{ name: string; message: string }>;
  /** Test files with errors of their own (import, syntax, collection, hooks), by path relative to the root. */
  failedModules: ReadonlyArray<{ file: string; message: string }>;
  /** Errors vitest caught outside any test (an unhandled rejection, a worker that died). */
  unhandledErrors: ReadonlyArray<string>;
  /** vitest's `reason` for the end of the run. */
  reason: 'passed' | 'failed' | 'interrupted';
}

/** The first line of an error message, or a stand-in when there is none. */
export function firstLine(message: string | undefined, fallback: string): string {
  const line = (message ?? '').split('\n').find((l) => l.trim() !== '');
  return line?.trim() ?? fallback;
}

export function vitestVerdict(outcome: VitestOutcome): ToolvetResult['verdict'] {
  const reasons: string[] = [];
  for (const m of outcome.failedModules) reasons.push(`vitest: test file ${m.file} failed to load: ${m.message}`);
  for (const t of outcome.failedTests) reasons.push(`vitest: "${t.name}" failed: ${t.message}`);
  for (const e of outcome.unhandledErrors) reasons.push(`vitest: unhandled error: ${e}`);
  if (outcome.reason === 'interrupted') {
    reasons.push('vitest: the run was interrupted before every test finished');
    return { status: 'error', reasons };
  }
  if (outcome.reason === 'failed' && reasons.length === 0) reasons.push('vitest: the run failed (see vitest\'s own output)');
  return reasons.length > 0 ? { status: 'fail', reasons } : { status: 'pass', reasons: [] };
}
