/**
 * `eval --loading both` in text, Markdown and HTML: a row per loading (accuracy with its interval and
 * what the tool list costs per request), then each query set's paired A/B (all tools as old, tool
 * search as new), in the description A/B's own headline.
 */
import { abHeadline } from '../diff/format-text.ts';
import type { LoadingSection, LoadingSide } from './model.ts';
import { esc, htmlTable } from './html/escape.ts';
import { joinMd, md, table, type Md } from './markdown-kit.ts';
import { sanitizeLine } from '../safety/terminal.ts';
import { CHARS_PER_TOKEN } from '../lint/token-estimate.ts';
import { scenarioSummaryText } from './scenario-text.ts';

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
const NAME: Record<LoadingSide['loading'], string> = { all: 'every tool in every request', search: 'tool search (deferred loading)' };
const SIDE_HEAD = ['loading', 'passed', 'accuracy', '95% interval', 'tool tokens per request (est.)', 'largest request', 'requests per case'];
const AB_HEAD = ['query set', 'cases', 'every tool', 'tool search', 'difference', '95% interval', 'McNemar p', 'verdict'];
const signed = (x: number): string => `${x >= 0 ? '+' : '-'}${Math.abs(x * 100).toFixed(1)}`;

function sideRows(l: LoadingSection): string[][] {
  return l.sides.map((s) => [NAME[s.loading], `${s.summary.passed}/${s.summary.cases - s.summary.skipped}`, pct(s.summary.accuracy), `${pct(s.summary.interval.low)} - ${pct(s.summary.interval.high)}`, `~${s.toolTokensPerRequest}`, `~${s.largestRequest}`, s.requestsPerAttempt.toFixed(2)]);
}

function abRows(l: LoadingSection): string[][] {
  return l.ab.map((r) => [r.suite, `${r.queries}`, pct(r.oldAccuracy), pct(r.newAccuracy), `${signed(r.difference)} points`, `${signed(r.interval.low)} to ${signed(r.interval.high)}`, r.mcnemarP.toPrecision(2), r.verdict]);
}

/** Each loading's scenarios (they are not paired: a scenario is judged whole, not case by case). */
const scenarioLines = (l: LoadingSection): string[] => l.sides.flatMap((s) => (s.scenarios ? [`${NAME[s.loading]}: ${scenarioSummaryText(s.scenarios)}`] : []));

const note = (l: LoadingSection): string =>
  `Tool search loads up to ${l.searchLimit} tools per search; the search call is never the tool scored. Tokens are estimated at ${CHARS_PER_TOKEN} characters per token (no model's tokenizer is loaded). The A/B pairs each case (most attempts passed) with the description A/B's statistics: exact McNemar, Newcombe's 95% interval, margin ${signed(-(l.ab[0]?.margin ?? 0.05))} points.`;

export function renderLoadingText(l: LoadingSection): string {
  const grid = (head: string[], rows: string[][]): string[] => {
    const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    return [head, ...rows].map((r) => `  ${r.map((c, i) => sanitizeLine(c).padEnd(w[i])).join('  ')}`.trimEnd());
  };
  return [
    'Every tool loaded against tool search (deferred loading)',
    ...grid(SIDE_HEAD, sideRows(l)),
    'Paired A/B per query set (old: every tool, new: tool search)',
    ...grid(AB_HEAD, abRows(l)),
    ...l.ab.map((r) => `  ${sanitizeLine(r.suite)}: ${abHeadline(r)}; ${r.worse} case(s) lost, ${r.better} gained`),
    ...l.ab.flatMap((r) => r.flipped.map((f) => `   ${f.direction === 'pass->fail' ? '-' : '+'} ${sanitizeLine(f.id)}: expects ${sanitizeLine(f.expected)}; every tool chose ${sanitizeLine(f.oldChoice)}, tool search chose ${sanitizeLine(f.newChoice)}`)),
    ...scenarioLines(l).map((line) => `  ${sanitizeLine(line)}`),
    `  ${note(l)}`,
  ].join('\n');
}

export function renderLoadingMarkdown(l: LoadingSection): Md {
  return md`#### Every tool loaded against tool search\n\n${table(SIDE_HEAD, sideRows(l))}\n\n#### Paired A/B per query set (old: every tool, new: tool search)\n\n${table(AB_HEAD, abRows(l))}${joinMd(scenarioLines(l).map((line) => md`\n\n${line}`), '')}\n\n${note(l)}`;
}

export function renderLoadingHtml(l: LoadingSection): string {
  const escRows = (rows: string[][]): string[][] => rows.map((r) => r.map((c) => esc(c)));
  return `${htmlTable(SIDE_HEAD, escRows(sideRows(l)))}\n<h3>Paired A/B per query set (old: every tool, new: tool search)</h3>\n${htmlTable(AB_HEAD, escRows(abRows(l)))}\n${scenarioLines(l).map((line) => `<p class="note">${esc(line)}</p>`).join('')}<p>${esc(note(l))}</p>`;
}
