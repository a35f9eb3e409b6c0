/**
 * Horizontal bar charts as inline SVG (no scripts, no fonts fetched): one group per row, one bar per
 * series, values labelled in text so the chart still reads when printed in black and white.
 */
import { esc } from './escape.ts';

export interface BarSeries {
  name: string;
  colour: string;
}

export interface BarRow {
  label: string;
  /** One value per series; null draws no bar and labels "-". */
  values: Array<number | null>;
  /** Text after each bar; defaults to the value. */
  texts?: string[];
}

export interface BarChartOptions {
  title: string;
  series: BarSeries[];
  rows: BarRow[];
  /** The value of a full-width bar; defaults to the largest value. */
  max?: number;
  /** A vertical reference line, e.g. 1.0 for ratios against a baseline. */
  reference?: { value: number; label: string };
}

const LABEL_W = 220;
const PLOT_W = 340;
const TEXT_W = 150;
const BAR_H = 14;
const GAP = 10;

export function renderBarChart(options: BarChartOptions): string {
  const { series, rows } = options;
  const max = options.max ?? Math.max(1e-9, ...rows.flatMap((r) => r.values.filter((v): v is number => v !== null)), options.reference?.value ?? 0);
  const groupH = series.length * BAR_H + GAP;
  const legendH = series.length > 1 ? 22 : 0;
  const height = legendH + rows.length * groupH + 8;
  const width = LABEL_W + PLOT_W + TEXT_W;
  const parts: string[] = [];
  if (series.length > 1) {
    series.forEach((s, i) => {
      const x = LABEL_W + i * 110;
      parts.push(`<rect x="${x}" y="4" width="12" height="12" fill="${s.colour}"/><text x="${x + 16}" y="14">${esc(s.name)}</text>`);
    });
  }
  rows.forEach((row, r) => {
    const top = legendH + r * groupH;
    parts.push(`<text class="label" x="${LABEL_W - 8}" y="${top + (series.length * BAR_H) / 2 + 4}" text-anchor="end">${esc(row.label)}</text>`);
    series.forEach((s, i) => {
      const value = row.values[i];
      const y = top + i * BAR_H;
      const w = value === null ? 0 : Math.max(1, (Math.min(value, max) / max) * PLOT_W);
      const text = row.texts?.[i] ?? (value === null ? '-' : String(value));
      parts.push(`<rect class="bar" x="${LABEL_W}" y="${y + 1}" width="${w.toFixed(1)}" height="${BAR_H - 2}" fill="${s.colour}"><title>${esc(`${row.label} ${s.name}: ${text}`)}</title></rect>`);
      parts.push(`<text x="${LABEL_W + w + 4}" y="${y + BAR_H - 3}">${esc(text)}</text>`);
    });
  });
  if (options.reference) {
    const x = LABEL_W + (options.reference.value / max) * PLOT_W;
    parts.push(`<line x1="${x.toFixed(1)}" x2="${x.toFixed(1)}" y1="${legendH}" y2="${height}" stroke="#555" stroke-dasharray="4 3"/><text x="${x + 3}" y="${height - 2}" class="ref">${esc(options.reference.label)}</text>`);
  }
  return `<svg class="chart" role="img" aria-label="${esc(options.title)}" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" xmlns="http://www.w3.org/2000/svg"><title>${esc(options.title)}</title>${parts.join('')}</svg>`;
}
