/** `eval --models` in text, Markdown and HTML: a row per model with its interval, each pair's verdict, the recommendation. */
import type { ModelMatrixSection, ModelPair } from './model.ts';
import { esc, htmlTable } from './html/escape.ts';
import { joinMd, md, table, type Md } from './markdown-kit.ts';
import { describePair } from '../run/model-pairs.ts';
import { sanitizeLine } from '../safety/terminal.ts';
import { scenarioSummaryText } from './scenario-text.ts';

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
const span = (low: number, high: number): string => `${pct(low)} - ${pct(high)}`;
const signed = (x: number): string => `${x >= 0 ? '+' : '-'}${Math.abs(x * 100).toFixed(1)}`;

const MODEL_HEAD = ['model', 'passed', 'accuracy', '95% interval', 'errored', 'no-tool accuracy', 'mean latency', 'verdict'];
const PAIR_HEAD = ['a', 'b', 'cases', 'a only', 'b only', 'a - b (points)', '95% interval', 'McNemar p', 'verdict'];

function modelRows(m: ModelMatrixSection): string[][] {
  return m.models.map((e) => {
    const s = e.summary;
    return [e.model, `${s.passed}/${s.cases - s.skipped}`, pct(s.accuracy), span(s.interval.low, s.interval.high), `${s.errored}`, s.noToolAccuracy === null ? '-' : pct(s.noToolAccuracy), `${Math.round(s.meanLatencyMs)} ms`, e.verdict.status];
  });
}

/** Each model's scenarios (they are not paired: a scenario is judged whole, not case by case). */
const scenarioLines = (m: ModelMatrixSection): string[] => m.models.flatMap((e) => (e.scenarios ? [`${e.model}: ${scenarioSummaryText(e.scenarios)}`] : []));

const pairVerdict = (p: ModelPair): string => (p.better ? `${p.better} better (significant)` : 'cannot separate');

function pairRows(m: ModelMatrixSection): string[][] {
  return m.pairs.map((p) => [p.a, p.b, `${p.queries}`, `${p.aOnly}`, `${p.bOnly}`, signed(p.difference), `${signed(p.interval.low)} to ${signed(p.interval.high)}`, p.mcnemarP.toPrecision(2), pairVerdict(p)]);
}

export function renderModelMatrixText(m: ModelMatrixSection): string {
  const widths = (rows: string[][], head: string[]): number[] => head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const grid = (head: string[], rows: string[][]): string[] => {
    const w = widths(rows, head);
    return [head, ...rows].map((r) => `  ${r.map((cell, i) => cell.padEnd(w[i])).join('  ')}`.trimEnd());
  };
  const clean = (rows: string[][]): string[][] => rows.map((r) => r.map((c) => sanitizeLine(c)));
  return [
    'Models on the same cases',
    ...grid(MODEL_HEAD, clean(modelRows(m))),
    `Pairwise (exact McNemar, alpha ${m.alpha}; Newcombe 95% interval of the difference)`,
    ...grid(PAIR_HEAD, clean(pairRows(m))),
    ...m.pairs.map((p) => `  ${sanitizeLine(describePair(p))}`),
    `Recommendation: ${sanitizeLine(m.recommendation)}`,
    ...scenarioLines(m).map((line) => `  ${sanitizeLine(line)}`),
  ].join('\n');
}

export function renderModelMatrixMarkdown(m: ModelMatrixSection): Md {
  return md`#### Models on the same cases\n\n${table(MODEL_HEAD, modelRows(m))}\n\n#### Pairwise comparisons (exact McNemar, alpha ${m.alpha})\n\n${table(PAIR_HEAD, pairRows(m))}\n\n**Recommendation:** ${m.recommendation}${joinMd(scenarioLines(m).map((line) => md`\n\n${line}`), '')}`;
}

export function renderModelMatrixHtml(m: ModelMatrixSection): string {
  const escRows = (rows: string[][]): string[][] => rows.map((r) => r.map((c) => esc(c)));
  return `${htmlTable(MODEL_HEAD, escRows(modelRows(m)))}\n<h3>Pairwise comparisons (exact McNemar, alpha ${esc(m.alpha)})</h3>\n${htmlTable(PAIR_HEAD, escRows(pairRows(m)))}\n<p class="recommendation"><strong>Recommendation:</strong> ${esc(m.recommendation)}</p>${scenarioLines(m).map((line) => `<p class="note">${esc(line)}</p>`).join('')}`;
}
