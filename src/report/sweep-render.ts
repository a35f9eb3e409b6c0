/**
 * The tool-count sweep in text, Markdown and HTML (inline SVG line charts with their interval bands):
 * accuracy against the number of tools the model saw and against the tokens that list costs in every
 * request. Results written before the sweep counted tokens render without the token column and chart.
 */
import type { SweepPoint, SweepSection } from './model.ts';
import { esc, htmlTable } from './html/escape.ts';
import { renderLineChart, type LinePoint } from './html/line-chart.ts';
import { md, table, type Md } from './markdown-kit.ts';
import { CHARS_PER_TOKEN } from '../lint/token-estimate.ts';

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
const withTokens = (sweep: SweepSection): boolean => sweep.points.length > 0 && sweep.points.every((p) => p.toolTokens !== undefined);

/** How the token column was counted, said under every table that shows it. */
export function sweepTokenNote(sweep: SweepSection): string | undefined {
  if (!withTokens(sweep)) return undefined;
  return `tokens per request: the tool list one request carries, estimated at ${CHARS_PER_TOKEN} characters per token (no model's tokenizer is loaded)`;
}

export function renderSweepText(sweep: SweepSection): string {
  const tokens = withTokens(sweep);
  const lines = [
    tokens ? 'Accuracy against the number of tools the model saw and the tokens they cost' : 'Accuracy against the number of tools the model saw',
    `  distractors   tools${tokens ? '   tokens/request' : ''}   accuracy   95% interval       `,
  ];
  for (const p of sweep.points) {
    const bar = '█'.repeat(Math.round(p.accuracy * 30));
    const cost = tokens ? `   ${`~${p.toolTokens}`.padStart(14)}` : '';
    lines.push(`  ${String(p.distractors).padStart(11)}  ${String(p.tools).padStart(6)}${cost}   ${pct(p.accuracy).padStart(8)}   ${`${pct(p.interval.low)} - ${pct(p.interval.high)}`.padEnd(17)}  ${bar}`);
  }
  const note = sweepTokenNote(sweep);
  if (note) lines.push(`  ${note}`);
  return lines.join('\n');
}

const headers = (tokens: boolean): string[] => ['distractors', 'tools', ...(tokens ? ['tokens per request (est.)'] : []), 'passed', 'accuracy', '95% interval'];
const row = (p: SweepPoint, tokens: boolean): string[] => [`${p.distractors}`, `${p.tools}`, ...(tokens ? [`~${p.toolTokens}`] : []), `${p.passed}/${p.cases}`, pct(p.accuracy), `${pct(p.interval.low)} - ${pct(p.interval.high)}`];

export function renderSweepMarkdown(sweep: SweepSection): Md {
  const tokens = withTokens(sweep);
  const note = sweepTokenNote(sweep);
  const body = md`#### Accuracy against tool count${tokens ? ' and tokens' : ''}\n\n${table(headers(tokens), sweep.points.map((p) => row(p, tokens)))}`;
  return note ? md`${body}\n\n${note}.` : body;
}

export function renderSweepHtml(sweep: SweepSection): string {
  const points = sweep.points;
  const tokens = withTokens(sweep);
  const at = (p: SweepPoint, x: number, title: string, tick: string): LinePoint => ({ x, y: p.accuracy, low: p.interval.low, high: p.interval.high, title: `${title}: ${pct(p.accuracy)}`, tick });
  // Tool counts and tokens span orders of magnitude: a log scale keeps 10, 100 and 1,000 apart.
  const byCount = renderLineChart({
    label: 'accuracy against tool count',
    className: 'sweep',
    xLabel: 'tools the model saw (log scale)',
    logX: true,
    series: [{ name: 'accuracy', points: points.map((p) => at(p, p.tools, `${p.tools} tools`, String(p.tools))) }],
  });
  const byTokens = tokens
    ? renderLineChart({
        label: 'accuracy against tokens per request',
        className: 'sweep-tokens',
        xLabel: `tokens of the tool list per request, estimated (log scale)`,
        logX: true,
        series: [{ name: 'accuracy', points: points.map((p) => at(p, Math.max(1, p.toolTokens!), `about ${p.toolTokens} tokens (${p.tools} tools)`, `~${p.toolTokens}`)) }],
      })
    : '';
  const note = sweepTokenNote(sweep);
  return [byCount, byTokens, htmlTable(headers(tokens), points.map((p) => row(p, tokens).map((cell) => esc(cell)))), ...(note ? [`<p>${esc(note)}.</p>`] : [])].filter(Boolean).join('\n');
}
