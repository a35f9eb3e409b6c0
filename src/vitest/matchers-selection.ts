/** Matchers over an eval result: the threshold is the assertion, the failed cases are the message. */
import type { ToolvetResult } from '../report/model.ts';
import type { CaseResult } from '../types.ts';

interface MatcherResult {
  pass: boolean;
  message: () => string;
}

function failedCases(result: ToolvetResult, max = 15): string {
  const failed: CaseResult[] = (result.cases ?? []).filter((c) => !c.pass);
  const lines = failed.slice(0, max).map((c) => `  - ${c.suite}/${c.id}: "${c.query}" -> ${c.reason}`);
  if (failed.length > max) lines.push(`  … and ${failed.length - max} more`);
  return lines.join('\n');
}

function problems(result: ToolvetResult): string {
  const errors = result.errors.map((e) => `  ! ${e.code}: ${e.message}${e.hint ? ` (next: ${e.hint})` : ''}`);
  return errors.length ? `\nerrors:\n${errors.join('\n')}` : '';
}

export const selectionMatchers = {
  /** Accuracy at least `min` (0-1), with no errored case and no server error. */
  toHaveAccuracyAtLeast(received: ToolvetResult, min: number): MatcherResult {
    const summary = received.summary;
    const accuracy = summary?.accuracy ?? 0;
    const errored = (summary?.errored ?? 0) + received.errors.length;
    const pass = summary !== undefined && accuracy >= min && errored === 0;
    return {
      pass,
      message: () =>
        `expected accuracy ${pass ? 'below' : 'at least'} ${(min * 100).toFixed(1)}%, got ${(accuracy * 100).toFixed(1)}% ` +
        `(${summary?.passed ?? 0}/${summary?.cases ?? 0} cases, ${errored} errors)\nfailed cases:\n${failedCases(received)}${problems(received)}`,
    };
  },
  /** Recall at least `min` for one tool: the share of its expected cases where the model chose it. */
  toHaveToolRecallAtLeast(received: ToolvetResult, tool: string, min: number): MatcherResult {
    const stats = received.summary?.perTool.find((t) => t.tool === tool);
    const recall = stats?.recall ?? 0;
    return {
      pass: recall >= min,
      message: () => `expected recall of ${tool} at least ${(min * 100).toFixed(1)}%, got ${(recall * 100).toFixed(1)}%\nfailed cases:\n${failedCases(received)}`,
    };
  },
};

declare module 'vitest' {
  // vitest declares `Matchers<T = any>`; a merged declaration must repeat it exactly.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  interface Matchers<T = any> {
    toHaveAccuracyAtLeast(min: number): T;
    toHaveToolRecallAtLeast(tool: string, min: number): T;
  }
}
