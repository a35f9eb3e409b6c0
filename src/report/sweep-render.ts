/** The tool-count sweep in text, Markdown and HTML (an inline SVG line chart with its interval band). */
import type { SweepSection } from './model.ts';
import { esc, htmlTable } from './html/escape.ts';
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
  const [w, h, pad] = [560, 220, 40];
  const maxTools = Math.max(...points.map((p) => p.tools), 1);
  const minTools = Math.min(...points.map((p) => p.tools));
  // Tool counts span orders of magnitude: a log scale keeps 10, 100 and 1,000 apart.
  const x = (tools: number): number => pad + ((Math.log(tools) - Math.log(minTools)) / Math.max(Math.log(maxTools) - Math.log(minTools), 1e-9)) * (w - 2 * pad);
  const y = (acc: number): number => h - pad + -acc * (h - 2 * pad);
  const line = points.map((p) => `${x(p.tools).toFixed(1)},${y(p.accuracy).toFixed(1)}`).join(' ');
  const band = [...points.map((p) => `${x(p.tools).toFixed(1)},${y(p.interval.high).toFixed(1)}`), ...[...points].reverse().map((p) => `${x(p.tools).toFixed(1)},${y(p.interval.low).toFixed(1)}`)].join(' ');
  const dots = points.map((p) => `<circle cx="${x(p.tools).toFixed(1)}" cy="${y(p.accuracy).toFixed(1)}" r="4"><title>${esc(`${p.tools} tools: ${pct(p.accuracy)}`)}</title></circle><text x="${x(p.tools).toFixed(1)}" y="${h - pad + 16}" text-anchor="middle" font-size="11">${p.tools}</text>`).join('');
  const ticks = [0, 0.5, 1].map((a) => `<text x="${pad - 6}" y="${(y(a) + 4).toFixed(1)}" text-anchor="end" font-size="11">${a * 100}%</text>`).join('');
  const svg = `<svg class="sweep" role="img" aria-label="accuracy against tool count" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}"><polygon points="${band}" fill="currentColor" opacity="0.12"/><polyline points="${line}" fill="none" stroke="currentColor" stroke-width="2"/>${dots}${ticks}<text x="${w / 2}" y="${h - 4}" text-anchor="middle" font-size="11">tools the model saw (log scale)</text></svg>`;
  const rows = points.map((p) => [`${p.distractors}`, `${p.tools}`, `${p.passed}/${p.cases}`, pct(p.accuracy), esc(`${pct(p.interval.low)} - ${pct(p.interval.high)}`)]);
  return `${svg}\n${htmlTable(['distractors', 'tools', 'passed', 'accuracy', '95% interval'], rows)}`;
}
