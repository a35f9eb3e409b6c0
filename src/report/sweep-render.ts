/** The tool-count sweep in text, Markdown and HTML (an inline SVG line chart with its interval band). */
import type { SweepSection } from './model.ts';
import { esc, htmlTable } from './html/escape.ts';
import { renderLineChart } from './html/line-chart.ts';
import { md, table, type Md } from './markdown-kit.ts';

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

export function renderSweepText(sweep: SweepSection): string {
  const lines = ['Accuracy against the number of tools the model saw', '  distractors   tools   accuracy   95% interval       '];
  for (const p of sweep.points) {
    const bar = '█'.repeat(Math.round(p.accuracy * 30));
    lines.push(`  ${String(p.distractors).padStart(11)}  ${String(p.tools).padStart(6)}   ${pct(p.accuracy).padStart(8)}   ${`${pct(p.interval.low)} - ${pct(p.interval.high)}`.padEnd(17)}  ${bar}`);
  }
  return lines.join('\n');
}

export function renderSweepMarkdown(sweep: SweepSection): Md {
  const rows = sweep.points.map((p) => [p.distractors, p.tools, `${p.passed}/${p.cases}`, pct(p.accuracy), `${pct(p.interval.low)} - ${pct(p.interval.high)}`]);
  return md`#### Accuracy against tool count\n\n${table(['distractors', 'tools', 'passed', 'accuracy', '95% interval'], rows)}`;
}

export function renderSweepHtml(sweep: SweepSection): string {
  const points = sweep.points;
  // Tool counts span orders of magnitude: a log scale keeps 10, 100 and 1,000 apart.
  const svg = renderLineChart({
    label: 'accuracy against tool count',
    className: 'sweep',
    xLabel: 'tools the model saw (log scale)',
    logX: true,
    series: [{ name: 'accuracy', points: points.map((p) => ({ x: p.tools, y: p.accuracy, low: p.interval.low, high: p.interval.high, title: `${p.tools} tools: ${pct(p.accuracy)}`, tick: String(p.tools) })) }],
  });
  const rows = points.map((p) => [`${p.distractors}`, `${p.tools}`, `${p.passed}/${p.cases}`, pct(p.accuracy), esc(`${pct(p.interval.low)} - ${pct(p.interval.high)}`)]);
  return `${svg}\n${htmlTable(['distractors', 'tools', 'passed', 'accuracy', '95% interval'], rows)}`;
}
