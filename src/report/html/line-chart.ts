/**
 * Line charts as inline SVG (no scripts, no fonts fetched), y from 0% to 100%: one line per series,
 * its 95% interval as a shaded band, a dot per point with its text as a tooltip. Used by the
 * distractor sweep (accuracy against tool count) and the run history (accuracy over time).
 */
import { esc } from './escape.ts';

export interface LinePoint {
  x: number;
  y: number;
  low?: number;
  high?: number;
  /** Tooltip text. */
  title: string;
  /** Label under the x axis (drawn for the first series only). */
  tick?: string;
  /** A link the dot opens (relative; escaped). */
  href?: string;
  /** Drawn as a larger ringed dot, e.g. a significant change. */
  marked?: boolean;
}

export interface LineSeries {
  name: string;
  colour?: string;
  points: LinePoint[];
}

export interface LineChartOptions {
  label: string;
  className: string;
  xLabel: string;
  series: LineSeries[];
  /** Log scale for x values spanning orders of magnitude (tool counts). */
  logX?: boolean;
  width?: number;
  height?: number;
}

export function renderLineChart(options: LineChartOptions): string {
  const [w, h, pad] = [options.width ?? 560, options.height ?? 220, 40];
  const all = options.series.flatMap((s) => s.points);
  const f = (v: number): number => (options.logX ? Math.log(v) : v);
  const minX = Math.min(...all.map((p) => f(p.x)));
  const maxX = Math.max(...all.map((p) => f(p.x)), minX);
  const x = (v: number): number => pad + ((f(v) - minX) / Math.max(maxX - minX, 1e-9)) * (w - 2 * pad);
  const y = (acc: number): number => h - pad + -acc * (h - 2 * pad);
  const xy = (px: number, py: number): string => `${x(px).toFixed(1)},${y(py).toFixed(1)}`;
  const body = options.series.map((s, i) => {
    const colour = s.colour ?? 'currentColor';
    const line = s.points.map((p) => xy(p.x, p.y)).join(' ');
    const banded = s.points.filter((p) => p.low !== undefined && p.high !== undefined);
    const band = banded.length ? `<polygon points="${[...banded.map((p) => xy(p.x, p.high!)), ...[...banded].reverse().map((p) => xy(p.x, p.low!))].join(' ')}" fill="${colour}" opacity="0.12"/>` : '';
    const dots = s.points.map((p) => {
      const dot = `<circle${p.marked ? ' class="marked"' : ''} cx="${x(p.x).toFixed(1)}" cy="${y(p.y).toFixed(1)}" r="${p.marked ? 6 : 4}" fill="${colour}"${p.marked ? ' stroke="#c00" stroke-width="3"' : ''}><title>${esc(p.title)}</title></circle>`;
      const tick = i === 0 && p.tick !== undefined ? `<text x="${x(p.x).toFixed(1)}" y="${h - pad + 16}" text-anchor="middle" font-size="11">${esc(p.tick)}</text>` : '';
      return `${p.href ? `<a href="${esc(p.href)}">${dot}</a>` : dot}${tick}`;
    });
    return `${band}<polyline points="${line}" fill="none" stroke="${colour}" stroke-width="2"><title>${esc(s.name)}</title></polyline>${dots.join('')}`;
  });
  const ticks = [0, 0.5, 1].map((a) => `<text x="${pad - 6}" y="${(y(a) + 4).toFixed(1)}" text-anchor="end" font-size="11">${a * 100}%</text>`).join('');
  return `<svg class="${esc(options.className)}" role="img" aria-label="${esc(options.label)}" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">${body.join('')}${ticks}<text x="${w / 2}" y="${h - 4}" text-anchor="middle" font-size="11">${esc(options.xLabel)}</text></svg>`;
}
