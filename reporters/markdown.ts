/**
 * Markdown sized for a pull-request comment, in a fixed order: the verdict in one line, breaking
 * changes, accuracy per query set (change, interval), flipped queries, lint counts, benchmarks.
 * Long lists fold inside <details>; every table is capped so the comment stays under GitHub's limit.
 * Every field is escaped by construction (`md` in src/report/markdown-kit.ts).
 */
import { renderLoadingMarkdown } from '../src/report/loading-render.ts';
import { renderSweepMarkdown } from '../src/report/sweep-render.ts';
import { renderModelMatrixMarkdown } from '../src/report/model-matrix-render.ts';
import type { EvalSummary, ToolvetResult } from '../src/report/model.ts';
import type { RenderOptions, Reporter } from '../src/report/reporter.ts';
import { code, details, joinMd, MAX_CHARS, md, table, type Md } from '../src/report/markdown-kit.ts';
import { markdownDocument } from '../src/safety/markdown.ts';
import { abSection, benchSection, breakingSection, flippedSection, lintSection, probeSection, skillsSection } from '../src/report/markdown-sections.ts';
import { costMarkdown, scenariosMarkdown } from '../src/report/scenario-sections.ts';
import { improveMarkdown } from '../src/improve/render-report.ts';
import { failedNotShown, moreFailedText } from '../src/report/cases-elsewhere.ts';
import { chosenText, expectedText, failedCases, intervalText, pct, pointsText, previousAccuracy, verdictLine } from '../src/report/text.ts';

const ICON = { pass: '✅', fail: '❌', error: '⚠️', none: 'ℹ️' } as const;

function accuracySection(result: ToolvetResult, options: RenderOptions): Md | undefined {
  const summary = result.summary;
  if (!summary) return undefined;
  const rows: unknown[][] = [];
  const row = (name: string | Md, s: EvalSummary, before: number | undefined) => [
    name,
    s.cases,
    s.passed,
    s.failed + s.errored,
    pct(s.accuracy),
    before === undefined ? '-' : `${pointsText(s.accuracy - before)} (was ${pct(before)})`,
    intervalText(s.interval),
  ];
  for (const s of result.suites ?? []) rows.push(row(s.suite, s.summary, previousAccuracy(options.previous, s.suite)));
  if ((result.suites?.length ?? 0) !== 1) rows.push(row(md`**all**`, summary, options.previous?.summary?.accuracy));
  const out: Md[] = [md`#### Accuracy per query set`, table(['query set', 'cases', 'passed', 'failed', 'accuracy', 'change', '95% interval'], rows)];
  if (summary.repeat > 1) out.push(md`Each case ran ${summary.repeat} times: pass@${summary.repeat} ${pct(summary.passAtK)}, pass^${summary.repeat} ${pct(summary.passHatK)}.`);
  return joinMd(out);
}

function failedSection(result: ToolvetResult): Md | undefined {
  const failed = failedCases(result);
  if (failed.length === 0) return undefined;
  const rows = failed.map((c) => [`${c.suite}/${c.id}`, c.query, expectedText(c.expected), chosenText(c.chosen), c.reason]);
  // A large streamed run lists its first failed cases; the others are counted and in the results file.
  const more = failedNotShown(result);
  const body = joinMd([table(['case', 'query', 'expected', 'chosen', 'reason'], rows), more > 0 ? md`${moreFailedText(result, more)}` : undefined]);
  return details(md`Failed cases (${failed.length + more})`, body);
}

function perToolSection(summary: EvalSummary | undefined): Md | undefined {
  if (!summary || summary.perTool.length === 0) return undefined;
  const rows = summary.perTool.map((t) => [t.tool, t.support, pct(t.precision), pct(t.recall), pct(t.f1)]);
  return details(md`Per-tool precision and recall (${summary.perTool.length} tools)`, table(['tool', 'expected', 'precision', 'recall', 'F1'], rows));
}

function diagnosticsSection(result: ToolvetResult): Md | undefined {
  const next = (hint: string | undefined): Md => (hint ? md` (next: ${hint})` : md``);
  const lines = [
    ...result.errors.map((e) => md`- ⚠️ ${code(e.code)} ${e.message}${next(e.hint)}`),
    ...result.warnings.map((w) => md`- ${code(w.code)} ${w.message}${next(w.hint)}`),
  ];
  return lines.length ? details(md`Errors and warnings (${lines.length})`, joinMd(lines, '\n')) : undefined;
}

export function renderMarkdown(result: ToolvetResult, options: RenderOptions = {}): string {
  const sections = joinMd([
    md`### ${ICON[result.verdict.status]} ${verdictLine(result)}`,
    breakingSection(result),
    accuracySection(result, options),
    result.sweep ? renderSweepMarkdown(result.sweep) : undefined,
    result.models ? renderModelMatrixMarkdown(result.models) : undefined,
    result.loading ? renderLoadingMarkdown(result.loading) : undefined,
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
    md`<sub>toolvet ${result.generator.version} · ${result.finishedAt}</sub>`,
  ]);
  let text = `${sections.text}\n`;
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
