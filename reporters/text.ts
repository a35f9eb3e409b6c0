/**
 * Plain text for a terminal: each section by the renderer its command prints (the eval console
 * table, lint, diff, bench, skills, probe), so `toolvet report --format text` shows a saved result
 * the way the run showed it. A merged result shows every section it has, in that order.
 */
import { formatDiffText } from '../src/diff/format-text.ts';
import { renderBenchText } from '../src/bench/render-bench.ts';
import { renderLintText } from '../src/lint/render-text.ts';
import { renderProbeText } from '../src/probe/render-text.ts';
import type { ToolvetResult } from '../src/report/model.ts';
import type { Reporter } from '../src/report/reporter.ts';
import { renderSkillsEvalText } from '../src/skills/render-text.ts';
import { formatImproveText } from '../src/improve/format-text.ts';
import { renderEvalConsole, renderVerdict } from './console.ts';

export function renderText(result: ToolvetResult): string {
  const parts: string[] = [];
  if (result.lint) parts.push(renderLintText(result.lint));
  if (result.probe) parts.push(renderProbeText(result.probe));
  if (result.diff) parts.push(formatDiffText(result));
  if (result.bench) parts.push(renderBenchText(result));
  if (result.skills) parts.push(renderSkillsEvalText(result));
  if (result.improve) parts.push(formatImproveText(result.improve));
  // The eval console ends with warnings, errors and the verdict; without eval, the verdict closes.
  parts.push(result.summary || result.scenarios || result.cost ? renderEvalConsole(result) : renderVerdict(result));
  return `${parts.join('\n\n')}\n`;
}

export const text: Reporter = {
  id: 'text',
  description: 'the console report of each section (eval table, lint, diff, bench, skills, probe) and the verdict',
  extension: 'txt',
  render: renderText,
};
