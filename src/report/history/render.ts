/** The run history as a text table and as an HTML page (one SVG line per suite, dots linked to their run files). */
import { esc, htmlTable, section } from '../html/escape.ts';
import { renderLineChart } from '../html/line-chart.ts';
import { STYLES } from '../html/styles.ts';
import type { History, TrendPoint } from './trend.ts';
import type { ToolTrend, ToolTrendPoint } from './tool-trend.ts';

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
const signed = (x: number | null): string => (x === null ? '' : `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)} pts`);
const num = (x: number | null): string => (x === null ? '-' : String(x));
const usd = (x: number | null): string => (x === null ? '-' : `$${x.toFixed(4)}`);
const ms = (x: number): string => `${Math.round(x)} ms`;
const COLOURS = ['#1f77b4', '#ff7f0e', '#2ca02c', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#17becf'];
export const SIGNIFICANT_RULE = 'significant = the 95% Wilson intervals of a run and the previous run of the same suite do not overlap';

/** One row per run per suite; a `*` marks a significant change. */
export function renderHistoryText(history: History): string {
  const lines = [`Run history in ${history.dir} (${SIGNIFICANT_RULE}, marked *)`];
  if (history.suites.length === 0) lines.push('  no eval runs with suites found');
  for (const s of history.suites) {
    lines.push('', `  ${s.suite}`, '    started                    commit        accuracy   95% interval      change         tokens     cost        latency');
    for (const p of s.points) {
      lines.push(`    ${p.startedAt.padEnd(25)}  ${p.commit.slice(0, 12).padEnd(12)}  ${pct(p.accuracy).padStart(8)}   ${`${pct(p.interval.low)} - ${pct(p.interval.high)}`.padEnd(16)}  ${`${signed(p.change)}${p.significant ? ' *' : ''}`.padEnd(13)}  ${num(p.tokens).padStart(7)}   ${usd(p.cost).padEnd(10)}  ${ms(p.meanLatencyMs)}`);
    }
    lines.push(...toolTrendLines(s.tools));
  }
  if (history.skipped.length) lines.push('', `  not runs (skipped): ${history.skipped.join(', ')}`);
  return `${lines.join('\n')}\n`;
}

/** Per tool, its accuracy in each run, oldest first, each change after the first with a `*` when significant. */
function toolTrendLines(tools: readonly ToolTrend[]): string[] {
  if (tools.length === 0) return [];
  const width = Math.max(...tools.map((t) => t.tool.length));
  const cell = (p: ToolTrendPoint): string => `${pct(p.accuracy)}${p.change === null || p.change === 0 ? '' : ` (${signed(p.change)}${p.significant ? ' *' : ''})`}`;
  return ['    per tool: of the attempts expecting the tool, the share that chose it, run by run', ...tools.map((t) => `      ${t.tool.padEnd(width)}  ${t.points.map(cell).join(' -> ')}`)];
}

/** Per suite, a line per tool over the runs (ringed: significant change) and a table of the same. */
function toolTrendHtml(suite: string, tools: readonly ToolTrend[], at: (p: { startedAt: string; file: string }) => number, link: (file: string) => string): string {
  if (tools.length === 0) return '';
  const chart = renderLineChart({
    label: `accuracy per tool over time: ${suite}`,
    className: 'history-tools',
    xLabel: 'runs in time order (ringed: significant change)',
    width: 720,
    height: 220,
    series: tools.map((t, i) => ({
      name: t.tool,
      colour: COLOURS[i % COLOURS.length],
      points: t.points.map((p) => ({ x: at(p), y: p.accuracy, low: p.interval.low, high: p.interval.high, title: `${t.tool} ${p.startedAt} ${p.commit.slice(0, 12)}: ${pct(p.accuracy)} (${p.chosen}/${p.expected})${p.change === null ? '' : `, ${signed(p.change)}`}${p.significant ? ' (significant)' : ''}`, tick: p.commit.slice(0, 7), href: link(p.file), marked: p.significant })),
    })),
  });
  const legend = `<p class="legend">${tools.map((t, i) => `<span style="color:${COLOURS[i % COLOURS.length]}">■ ${esc(t.tool)}</span>`).join(' ')}</p>`;
  const rows = tools.flatMap((t) => t.points.map((p) => [
    esc(t.tool),
    `<a href="${esc(link(p.file))}">${esc(p.startedAt)}</a>`,
    esc(p.commit.slice(0, 12)),
    `${pct(p.accuracy)} (${p.chosen}/${p.expected})`,
    esc(`${pct(p.interval.low)} - ${pct(p.interval.high)}`),
    p.significant ? `<strong class="tool-significant">${esc(signed(p.change))} significant</strong>` : esc(signed(p.change)),
  ]));
  return `<h4>${esc(suite)}: accuracy per tool</h4>${chart}${legend}${htmlTable(['tool', 'run', 'commit', 'chose it when expected', '95% interval', 'change'], rows)}`;
}

function pointTitle(suite: string, p: TrendPoint): string {
  return `${suite} ${p.startedAt} ${p.commit.slice(0, 12)} (${p.branch}): ${pct(p.accuracy)}${p.change === null ? '' : `, ${signed(p.change)}`}${p.significant ? ' (significant)' : ''}`;
}

/**
 * The history section: the chart and a table per suite. `link` turns a run's file name into the href
 * of its dot (default: the file beside the page, as when the page is written into the history folder).
 */
export function renderHistorySection(history: History, link: (file: string) => string = (f) => encodeURIComponent(f)): string {
  if (history.suites.length === 0) return section('history', 'Run history', '<p>No eval runs with suites found.</p>');
  // x is the run's order in time across every suite, so runs of different suites line up.
  const order = [...new Set(history.suites.flatMap((s) => s.points.map((p) => `${p.startedAt}\u0000${p.file}`)))].sort();
  const at = (p: Pick<TrendPoint, 'startedAt' | 'file'>): number => order.indexOf(`${p.startedAt}\u0000${p.file}`) + 1;
  const chart = renderLineChart({
    label: 'accuracy over time per suite',
    className: 'history',
    xLabel: 'runs in time order (ringed: significant change)',
    width: 720,
    height: 260,
    series: history.suites.map((s, i) => ({
      name: s.suite,
      colour: COLOURS[i % COLOURS.length],
      points: s.points.map((p) => ({ x: at(p), y: p.accuracy, low: p.interval.low, high: p.interval.high, title: pointTitle(s.suite, p), tick: p.commit.slice(0, 7), href: link(p.file), marked: p.significant })),
    })),
  });
  const legend = `<p class="legend">${history.suites.map((s, i) => `<span style="color:${COLOURS[i % COLOURS.length]}">■ ${esc(s.suite)}</span>`).join(' ')}</p><p>${esc(SIGNIFICANT_RULE)}.</p>`;
  const tables = history.suites.map((s) => {
    const rows = s.points.map((p) => [
      `<a href="${esc(link(p.file))}">${esc(p.startedAt)}</a>`,
      esc(p.commit.slice(0, 12)),
      esc(p.branch),
      pct(p.accuracy),
      esc(`${pct(p.interval.low)} - ${pct(p.interval.high)}`),
      p.significant ? `<strong class="significant">${esc(signed(p.change))} significant</strong>` : esc(signed(p.change)),
      num(p.tokens),
      usd(p.cost),
      ms(p.meanLatencyMs),
    ]);
    return `<h3>${esc(s.suite)}</h3>${htmlTable(['run', 'commit', 'branch', 'accuracy', '95% interval', 'change', 'tokens', 'cost', 'mean latency'], rows)}${toolTrendHtml(s.suite, s.tools, at, link)}`;
  });
  return section('history', 'Run history', `${chart}${legend}${tables.join('\n')}`);
}

/** A whole page: what `report --history DIR --format html` writes. */
export function renderHistoryHtml(history: History, link?: (file: string) => string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Toolvet run history</title><style>${STYLES}</style></head><body><h1>Toolvet run history</h1>${renderHistorySection(history, link)}</body></html>\n`;
}
