/**
 * The viewer's pages: the folder (its runs and history), a run (the HTML report, with links to its
 * suites), a suite (its cases), a case (its attempts: the tools chosen, with arguments, and why it
 * passed or failed) or a scenario (its trajectory, drawn by the report's scenario section), and two
 * runs side by side. Every string from a result passes through `esc`.
 */
import { renderHtml } from '../../../reporters/html.ts';
import { esc, htmlTable, section } from '../html/escape.ts';
import { STYLES } from '../html/styles.ts';
import { renderHistorySection } from '../history/render.ts';
import { readHistory } from '../history/trend.ts';
import type { ToolvetResult } from '../model.ts';
import { SCENARIO_STYLES, scenariosHtml } from '../scenario-sections.ts';
import type { ViewFolder } from './files.ts';

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
const u = encodeURIComponent;
export const runHref = (name: string): string => `/run/${u(name)}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title><style>${STYLES}${SCENARIO_STYLES} .side{display:flex;gap:8px} .side iframe{flex:1;height:85vh;border:1px solid #ccc}</style></head><body><nav><a href="/">all runs</a></nav>${body}</body></html>\n`;
}

export function indexPage(folder: ViewFolder): string {
  const names = folder.results();
  const rows = names.map((n) => {
    const r = folder.load(n)!;
    return [`<a href="${esc(runHref(n))}">${esc(n)}</a>`, esc(r.command), esc(r.startedAt), esc(r.verdict.status), r.summary ? pct(r.summary.accuracy) : '-'];
  });
  const options = names.map((n) => `<option value="${esc(n)}">${esc(n)}</option>`).join('');
  const compare = names.length >= 2 ? `<form action="/compare" method="get"><select name="a">${options}</select> <select name="b">${options}</select> <button type="submit">compare side by side</button></form>` : '';
  const history = readHistory(folder.dir);
  const trend = history.suites.length ? renderHistorySection(history, runHref) : '';
  return page('Toolvet runs', `<h1>Toolvet runs in ${esc(folder.dir)}</h1>${trend}${section('runs', 'Runs', names.length ? htmlTable(['file', 'command', 'started', 'verdict', 'accuracy'], rows) + compare : '<p>No result files here.</p>')}`);
}

function suitesOf(result: ToolvetResult): string[] {
  return [...new Set([...(result.suites ?? []).map((s) => s.suite), ...(result.cases ?? []).map((c) => c.suite), ...(result.scenarios ?? []).map((s) => s.suite)])];
}

/** The run's own HTML report, with a bar of links to its suites before it. */
export function runPage(name: string, result: ToolvetResult): string {
  const links = suitesOf(result).map((s) => `<a class="suite" href="${esc(`${runHref(name)}/suite/${u(s)}`)}">${esc(s)}</a>`).join(' · ');
  const bar = `<nav><a href="/">all runs</a> · suites: ${links || '(none)'} · <a href="/file/${esc(u(name))}">result file</a></nav>`;
  return renderHtml(result).replace('<body>\n', `<body>\n${bar}\n`);
}

export function suitePage(name: string, result: ToolvetResult, suite: string): string {
  const cases = (result.cases ?? []).filter((c) => c.suite === suite);
  const rows = cases.map((c) => [`<a class="case" href="${esc(`${runHref(name)}/case/${u(suite)}/${u(c.id)}`)}">${esc(c.id)}</a>`, esc(c.query), `<span class="state-${esc(c.state)}">${esc(c.state)}</span>`, esc(c.reason)]);
  const scenarios = (result.scenarios ?? []).filter((s) => s.suite === suite);
  const srows = scenarios.map((s) => [`<a class="case" href="${esc(`${runHref(name)}/case/${u(suite)}/${u(s.id)}`)}">${esc(s.id)}</a>`, s.pass ? 'passed' : 'failed']);
  const summary = result.suites?.find((s) => s.suite === suite)?.summary;
  const kept = result.cases && summary && cases.length < summary.cases ? `<p class="note">This result keeps ${cases.length} of the suite's ${summary.cases} cases (a run saved without --json or --history keeps the failed ones).</p>` : '';
  return page(`${suite} · ${name}`, `<h1>${esc(suite)}</h1><p><a href="${esc(runHref(name))}">${esc(name)}</a>${summary ? ` · accuracy ${pct(summary.accuracy)} (${summary.passed}/${summary.cases})` : ''}</p>${kept}${cases.length ? htmlTable(['case', 'query', 'state', 'reason'], rows) : ''}${srows.length ? htmlTable(['scenario', 'result'], srows) : ''}`);
}

/** One case's attempts, or one scenario's trajectory; undefined when the run has neither by that id. */
export function casePage(name: string, result: ToolvetResult, suite: string, id: string): string | undefined {
  const scenario = result.scenarios?.find((s) => s.suite === suite && s.id === id);
  const back = `<p><a href="${esc(`${runHref(name)}/suite/${u(suite)}`)}">${esc(suite)}</a> in <a href="${esc(runHref(name))}">${esc(name)}</a></p>`;
  if (scenario) return page(id, `<h1>${esc(id)}</h1>${back}${scenariosHtml({ ...result, scenarios: [scenario] }) ?? ''}`);
  const c = result.cases?.find((x) => x.suite === suite && x.id === id);
  if (!c) return undefined;
  const attempts = c.attempts.map((a, i) => `<h3>attempt ${i + 1}: ${esc(a.state)}</h3><pre class="trajectory">${esc(JSON.stringify(a, null, 2))}</pre>`).join('');
  return page(id, `<h1>${esc(id)}</h1>${back}<p class="query">${esc(c.query)}</p><p>expected ${esc(JSON.stringify(c.expected))} · <span class="state-${esc(c.state)}">${esc(c.state)}</span>: ${esc(c.reason)}</p>${attempts}`);
}

export function comparePage(a: string, b: string, left: ToolvetResult, right: ToolvetResult): string {
  const suites = [...new Set([...suitesOf(left), ...suitesOf(right)])];
  const acc = (r: ToolvetResult, s: string): string => {
    const x = r.suites?.find((y) => y.suite === s)?.summary;
    return x ? `${pct(x.accuracy)} (${pct(x.interval.low)} - ${pct(x.interval.high)})` : '-';
  };
  const rows = suites.map((s) => [esc(s), acc(left, s), acc(right, s)]);
  const frames = `<div class="side"><iframe title="${esc(a)}" src="${esc(runHref(a))}"></iframe><iframe title="${esc(b)}" src="${esc(runHref(b))}"></iframe></div>`;
  return page(`${a} vs ${b}`, `<h1>Compare</h1>${htmlTable(['suite', a, b], rows)}${frames}`);
}
