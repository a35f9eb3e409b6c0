/**
 * HTML: one self-contained file (inline CSS and SVG, no scripts, no network) readable without
 * JavaScript: the verdict and summary, the confusion heatmap, per-tool bars, the failed cases, and
 * the lint, diff, skills and benchmark sections when the result has them.
 */
import { renderLoadingHtml } from '../src/report/loading-render.ts';
import { renderSweepHtml } from '../src/report/sweep-render.ts';
import { renderModelMatrixHtml } from '../src/report/model-matrix-render.ts';
import type { EvalSummary, ToolvetResult } from '../src/report/model.ts';
import type { Reporter } from '../src/report/reporter.ts';
import { renderBarChart } from '../src/report/html/bars.ts';
import { esc, htmlTable, section } from '../src/report/html/escape.ts';
import { renderHeatmap } from '../src/report/html/heatmap.ts';
import { benchCharts, diffTable, flippedQueries, lintFindings, probeSection, skillsSection } from '../src/report/html/sections.ts';
import { STYLES } from '../src/report/html/styles.ts';
import { improveHtml } from '../src/improve/render-report.ts';
import { costHtml, SCENARIO_STYLES, scenariosHtml } from '../src/report/scenario-sections.ts';
import { failedNotShown, moreFailedText } from '../src/report/cases-elsewhere.ts';
import { chosenText, expectedText, failedCases, intervalText, pct, verdictWord } from '../src/report/text.ts';

function verdictBlock(result: ToolvetResult): string {
  const { status, reasons } = result.verdict;
  const list = reasons.length ? `<ul>${reasons.map((r) => `<li>${esc(r)}</li>`).join('')}</ul>` : '';
  const incomplete = result.complete ? '' : ' (incomplete run)';
  return `<div id="verdict" class="verdict verdict-${status}" role="status">Verdict: ${verdictWord(result)}${incomplete}${list}</div>`;
}

function tiles(summary: EvalSummary): string {
  const tile = (value: string, label: string) => `<div class="tile"><b>${esc(value)}</b><span>${esc(label)}</span></div>`;
  return `<div class="tiles">${[
    tile(pct(summary.accuracy), `accuracy (95% ${intervalText(summary.interval)})`),
    tile(`${summary.passed} / ${summary.cases}`, 'cases passed'),
    tile(String(summary.failed), 'failed'),
    tile(String(summary.errored), 'errored'),
    tile(pct(summary.noToolAccuracy), 'no-tool accuracy'),
    tile(pct(summary.argAccuracy), 'argument accuracy'),
    ...(summary.repeat > 1 ? [tile(`${pct(summary.passAtK)} / ${pct(summary.passHatK)}`, `pass@${summary.repeat} / pass^${summary.repeat}`)] : []),
    tile(`${summary.meanLatencyMs.toFixed(0)} ms`, 'mean model latency'),
  ].join('')}</div>`;
}

function suitesTable(result: ToolvetResult): string | undefined {
  if (!result.suites?.length) return undefined;
  const rows = result.suites.map((s) => [esc(s.suite), `${s.summary.cases}`, `${s.summary.passed}`, `${s.summary.failed}`, `${s.summary.errored}`, pct(s.summary.accuracy), intervalText(s.summary.interval)]);
  return htmlTable(['query set', 'cases', 'passed', 'failed', 'errored', 'accuracy', '95% interval'], rows);
}

function perToolBars(summary: EvalSummary): string | undefined {
  if (summary.perTool.length === 0) return undefined;
  return renderBarChart({
    title: 'Precision, recall and F1 per tool',
    max: 1,
    series: [
      { name: 'precision', colour: '#4a78c2' },
      { name: 'recall', colour: '#e0913a' },
      { name: 'F1', colour: '#3a9a5b' },
    ],
    rows: summary.perTool.map((t) => ({ label: `${t.tool} (${t.support})`, values: [t.precision, t.recall, t.f1], texts: [pct(t.precision), pct(t.recall), pct(t.f1)] })),
  });
}

function failedTable(result: ToolvetResult): string | undefined {
  const failed = failedCases(result);
  if (failed.length === 0) return undefined;
  const rows = failed.map((c) => [
    `<code>${esc(`${c.suite}/${c.id}`)}</code>`,
    esc(c.query),
    esc(expectedText(c.expected)),
    `<span class="state-${c.state}">${esc(chosenText(c.chosen))}</span>`,
    esc(c.reason),
  ]);
  const more = failedNotShown(result);
  const note = more > 0 ? `<p class="note">${esc(moreFailedText(result, more))}</p>` : '';
  return `<details open><summary>${failed.length + more} case(s) failed or errored</summary>${htmlTable(['case', 'query', 'expected', 'chosen', 'reason'], rows)}${note}</details>`;
}

function diagnostics(result: ToolvetResult): string | undefined {
  const items = [
    ...result.errors.map((e) => `<li class="sev-error"><code>${esc(e.code)}</code> ${esc(e.message)}${e.hint ? ` <span class="note">next: ${esc(e.hint)}</span>` : ''}</li>`),
    ...result.warnings.map((w) => `<li class="sev-warn"><code>${esc(w.code)}</code> ${esc(w.message)}${w.hint ? ` <span class="note">next: ${esc(w.hint)}</span>` : ''}</li>`),
  ];
  return items.length ? `<ul>${items.join('')}</ul>` : undefined;
}

function servers(result: ToolvetResult): string | undefined {
  if (!result.servers?.length) return undefined;
  const rows = result.servers.map((s) => [esc(s.name), esc(s.version ?? '-'), esc(s.protocolVersion ?? '-'), `${s.tools}`, `${s.restarts}`, s.error ? `<span class="sev-error">${esc(`${s.error.code}: ${s.error.message}`)}</span>` : 'up']);
  return htmlTable(['server', 'version', 'protocol', 'tools', 'restarts', 'state'], rows);
}

export function renderHtml(result: ToolvetResult): string {
  const summary = result.summary;
  const body = [
    `<h1>Toolvet ${esc(result.command)} report</h1>`,
    `<p class="meta">model ${esc(result.model ?? '-')} · started ${esc(result.startedAt)} · finished ${esc(result.finishedAt)} · toolvet ${esc(result.generator.version)} · result schema ${esc(result.schemaVersion)}</p>`,
    verdictBlock(result),
    section('summary', 'Summary', summary ? `${tiles(summary)}${suitesTable(result) ?? ''}` : undefined),
    section('confusion', 'Confusion matrix', summary ? renderHeatmap(summary.confusion) : undefined),
    section('per-tool', 'Per-tool precision and recall', summary ? perToolBars(summary) : undefined),
    section('failed', 'Failed cases', failedTable(result)),
    section('sweep', 'Accuracy against tool count', result.sweep ? renderSweepHtml(result.sweep) : undefined),
    section('models', 'Models on the same cases', result.models ? renderModelMatrixHtml(result.models) : undefined),
    section('loading', 'Every tool loaded against tool search', result.loading ? renderLoadingHtml(result.loading) : undefined),
    section('scenarios', 'Scenarios', scenariosHtml(result)),
    section('cost', 'Cost and speed', costHtml(result)),
    section('diff', 'Changes', diffTable(result)),
    section('flipped', 'Flipped queries', flippedQueries(result)),
    section('lint', 'Lint findings', lintFindings(result)),
    section('bench', 'Benchmarks', benchCharts(result)),
    section('skills', 'Skills', skillsSection(result)),
    section('probe', 'Probe', probeSection(result)),
    section('improve', 'Improve', improveHtml(result)),
    section('servers', 'Servers', servers(result)),
    section('diagnostics', 'Errors and warnings', diagnostics(result)),
  ].filter(Boolean);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>Toolvet ${esc(result.command)}: ${verdictWord(result)}</title>
<style>${STYLES}${SCENARIO_STYLES}</style>
</head>
<body>
${body.join('\n')}
</body>
</html>
`;
}

export const html: Reporter = {
  id: 'html',
  description: 'one self-contained HTML file (no network, no JavaScript needed): heatmap, bars, diff, lint, benchmarks',
  extension: 'html',
  render: renderHtml,
};
