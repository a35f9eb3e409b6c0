/**
 * Markdown sized for a pull-request comment, in a fixed order: the verdict in one line, breaking
 * changes, accuracy per query set (change, interval), flipped queries, lint counts, benchmarks.
 * Long lists fold inside <details>; every table is capped so the comment stays under GitHub's limit.
 */
import { renderSweepMarkdown } from '../src/report/sweep-render.ts';
import type { EvalSummary, ToolvetResult } from '../src/report/model.ts';
import type { RenderOptions, Reporter } from '../src/report/reporter.ts';
import { cell, details, MAX_CHARS, table } from '../src/report/markdown-kit.ts';
import { markdownDocument } from '../src/safety/markdown.ts';
import { abSection, benchSection, breakingSection, flippedSection, lintSection, probeSection, skillsSection } from '../src/report/markdown-sections.ts';
import { costMarkdown, scenariosMarkdown } from '../src/report/scenario-sections.ts';
import { improveMarkdown } from '../src/improve/render-report.ts';
import { failedNotShown, moreFailedText } from '../src/report/cases-elsewhere.ts';
import { chosenText, expectedText, failedCases, intervalText, pct, pointsText, previousAccuracy, verdictLine } from '../src/report/text.ts';

const ICON = { pass: '✅', fail: '❌', error: '⚠️', none: 'ℹ️' } as const;

function accuracySection(result: ToolvetResult, options: RenderOptions): string | undefined {
  const summary = result.summary;
  if (!summary) return undefined;
  const rows: unknown[][] = [];
  const row = (name: string, s: EvalSummary, before: number | undefined) => [
    name,
    s.cases,
    s.passed,
    s.failed + s.errored,
    pct(s.accuracy),
    before === undefined ? '-' : `${pointsText(s.accuracy - before)} (was ${pct(before)})`,
    intervalText(s.interval),
  ];
  for (const s of result.suites ?? []) rows.push(row(s.suite, s.summary, previousAccuracy(options.previous, s.suite)));
  if ((result.suites?.length ?? 0) !== 1) rows.push(row('**all**', summary, options.previous?.summary?.accuracy));
  const out = ['#### Accuracy per query set', table(['query set', 'cases', 'passed', 'failed', 'accuracy', 'change', '95% interval'], rows)];
  if (summary.repeat > 1) out.push(`Each case ran ${summary.repeat} times: pass@${summary.repeat} ${pct(summary.passAtK)}, pass^${summary.repeat} ${pct(summary.passHatK)}.`);
  return out.join('\n\n');
}

function failedSection(result: ToolvetResult): string | undefined {
  const failed = failedCases(result);
  if (failed.length === 0) return undefined;
  const rows = failed.map((c) => [`${c.suite}/${c.id}`, c.query, expectedText(c.expected), chosenText(c.chosen), c.reason]);
  // A large streamed run lists its first failed cases; the others are counted and in the results file.
  const more = failedNotShown(result);
  const body = table(['case', 'query', 'expected', 'chosen', 'reason'], rows) + (more > 0 ? `\n\n${moreFailedText(result, more)}` : '');
  return details(`Failed cases (${failed.length + more})`, body);
}

function perToolSection(summary: EvalSummary | undefined): string | undefined {
  if (!summary || summary.perTool.length === 0) return undefined;
  const rows = summary.perTool.map((t) => [t.tool, t.support, pct(t.precision), pct(t.recall), pct(t.f1)]);
  return details(`Per-tool precision and recall (${summary.perTool.length} tools)`, table(['tool', 'expected', 'precision', 'recall', 'F1'], rows));
}

function diagnosticsSection(result: ToolvetResult): string | undefined {
  const lines = [
    ...result.errors.map((e) => `- ⚠️ \`${e.code}\` ${cell(e.message)}${e.hint ? ` (next: ${cell(e.hint)})` : ''}`),
    ...result.warnings.map((w) => `- \`${w.code}\` ${cell(w.message)}${w.hint ? ` (next: ${cell(w.hint)})` : ''}`),
  ];
  return lines.length ? details(`Errors and warnings (${lines.length})`, lines.join('\n')) : undefined;
}

export function renderMarkdown(result: ToolvetResult, options: RenderOptions = {}): string {
  const sections = [
    `### ${ICON[result.verdict.status]} ${cell(verdictLine(result)).replace(/\\\|/g, '|')}`,
    breakingSection(result),
    accuracySection(result, options),
    result.sweep ? renderSweepMarkdown(result.sweep) : undefined,
    scenariosMarkdown(result),
    costMarkdown(result),
    abSection(result),
    flippedSection(result),
    lintSection(result),
    benchSection(result),
    skillsSection(result),
    probeSection(result),
    improveMarkdown(result),
    perToolSection(result.summary),
    failedSection(result),
    diagnosticsSection(result),
    `<sub>toolvet ${result.generator.version} · ${result.finishedAt}</sub>`,
  ].filter((s): s is string => s !== undefined);
  let text = `${sections.join('\n\n')}\n`;
  if (text.length > MAX_CHARS) {
    const cut = text.slice(0, MAX_CHARS);
    const open = (cut.match(/<details>/g) ?? []).length - (cut.match(/<\/details>/g) ?? []).length;
    text = `${cut}\n\n… cut to fit a comment; the full report is in the JSON result.\n${'\n</details>'.repeat(Math.max(0, open))}\n`;
  }
  return markdownDocument(text);
}

export const markdown: Reporter = {
  id: 'markdown',
  description: 'one summary sized for a pull-request comment (verdict first, long sections folded)',
  extension: 'md',
  render: renderMarkdown,
};
