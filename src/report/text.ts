/** Small formatting helpers the reporters share, so every format words a number the same way. */
import type { Interval, ToolvetResult } from './model.ts';
import type { CaseResult, Expectation } from '../types.ts';

export const pct = (x: number | null | undefined, digits = 1): string => (x === null || x === undefined ? '-' : `${(x * 100).toFixed(digits)}%`);

export const intervalText = (i: Interval): string => `${pct(i.low)} - ${pct(i.high)}`;

/** Signed percentage points: `+4.2 pp`. */
export const pointsText = (delta: number): string => `${delta >= 0 ? '+' : '-'}${Math.abs(delta * 100).toFixed(1)} pp`;

export function expectedText(expected: Expectation): string {
  if (expected.asksFor) return `(no tool: asks for ${expected.asksFor.join(', ')})`;
  if (expected.missingTool) return '(no tool: none fits)';
  if (expected.calls) return `${expected.calls.steps.map((s) => s.tool).join(' + ')} (${expected.calls.order})`;
  if (expected.tool === null) return '(no tool)';
  return Array.isArray(expected.tool) ? expected.tool.join(' | ') : expected.tool;
}

export function chosenText(chosen: string | null | undefined): string {
  return chosen === undefined ? '(error)' : chosen === null ? '(no tool)' : chosen;
}

export const verdictWord = (result: ToolvetResult): string => (result.verdict.status === 'none' ? 'NO GATE' : result.verdict.status.toUpperCase());

/** The verdict in one line: status, what ran, the headline number, and why it failed. */
export function verdictLine(result: ToolvetResult): string {
  const parts = [`Toolvet ${verdictWord(result)}`, result.command];
  if (result.summary) parts.push(`${result.summary.cases} cases, accuracy ${pct(result.summary.accuracy)} (95% ${intervalText(result.summary.interval)})`);
  if (result.model) parts.push(`model ${result.model}`);
  if (!result.complete) parts.push('incomplete run');
  const reasons = result.verdict.reasons.length ? `: ${result.verdict.reasons.join('; ')}` : '';
  return `${parts.join(' · ')}${reasons}`;
}

export const failedCases = (result: ToolvetResult): CaseResult[] => (result.cases ?? []).filter((c) => c.state === 'failed' || c.state === 'errored');

/** Accuracy of a query set in an earlier result, for the "change" column. */
export function previousAccuracy(previous: ToolvetResult | undefined, suite: string): number | undefined {
  return previous?.suites?.find((s) => s.suite === suite)?.summary.accuracy;
}
