/**
 * The bench result as text (a cli-table3 table) and as Markdown, from the plain `bench` section of
 * the result model. Skipped and errored tasks are listed under the table with their reasons.
 */
import Table from 'cli-table3';
import pc from 'picocolors';
import type { BenchTaskResult, ToolvetResult } from '../report/model.ts';
import { median } from './rounds.ts';

const ms = (x: number | undefined): string => (x === undefined ? '-' : x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
const ops = (x: number | undefined): string => (x === undefined ? '-' : x >= 100 ? Math.round(x).toLocaleString('en-US') : x.toFixed(1));
const rme = (x: number | undefined): string => (x === undefined ? '-' : `±${x.toFixed(1)}%`);

const VERDICT: Record<NonNullable<BenchTaskResult['change']>, string> = { slower: 'SLOWER', faster: 'faster', same: 'ok', noisy: 'noisy' };

/** The verdict of a task against the baseline, as every bench view shows it (text, Markdown, HTML). */
export function benchVerdict(t: BenchTaskResult, threshold: number): string {
  if (!t.change) return '';
  // Past the ratio but under the minimum effect in ms: say which.
  if (t.change === 'same' && t.ratio !== undefined && (t.ratio >= threshold || t.ratio <= 1 / threshold)) return 'ok (<min ms)';
  // Past the ratio, but not once the busier machine's extra round trips are taken off.
  if (t.change === 'noisy' && t.loadAdjustedRatio !== undefined && t.loadAdjustedRatio < threshold) return 'noisy (load)';
  return VERDICT[t.change];
}

/** The task's name, marked when its timed calls returned isError (the row times the failure path). */
export function benchTaskLabel(t: BenchTaskResult): string {
  return t.errorResults ? `${t.task} (isError)` : t.task;
}

function cells(t: BenchTaskResult, withBaseline: boolean, threshold: number): string[] {
  const row = [t.server, benchTaskLabel(t)];
  if (t.state !== 'completed') return [...row, t.state, ...Array.from({ length: withBaseline ? 7 : 5 }, () => '')];
  row.push(ms(t.meanMs), ms(t.p50Ms), ms(t.p99Ms));
  if (!withBaseline) return [...row, ops(t.opsPerSec), String(t.samples ?? '-'), rme(t.rme)];
  row.push(String(t.samples ?? '-'));
  // The baseline's own p50 beside this run's; the ratio is of the round medians (the rule below says so).
  row.push(ms(t.baseline?.p50Ms), t.ratio === undefined ? '-' : `${t.ratio.toFixed(2)}x`, t.noise === undefined ? '-' : `±${(t.noise * 100).toFixed(0)}%`, benchVerdict(t, threshold));
  return row;
}

function heads(withBaseline: boolean): string[] {
  return ['server', 'task', 'mean ms', 'p50 ms', 'p99 ms', ...(withBaseline ? ['samples', 'base p50', 'ratio', 'noise', 'verdict'] : ['ops/s', 'samples', 'rme'])];
}

function notes(result: ToolvetResult): string[] {
  const tasks = result.bench?.tasks ?? [];
  return [
    ...tasks.filter((t) => t.state !== 'completed').map((t) => `${t.server} ${t.task}: ${t.state}: ${t.reason ?? ''}`),
    ...result.warnings.map((w) => `${w.code}: ${w.message}${w.hint ? ` (${w.hint})` : ''}`),
  ];
}

function header(result: ToolvetResult): string {
  const b = result.bench!;
  const load = (l: number[]): string => l.map((x) => x.toFixed(2)).join(' ');
  const loads = b.environment.loadAverageAtStart ? `load ${load(b.environment.loadAverageAtStart)} -> ${load(b.environment.loadAverage)}` : `load ${load(b.environment.loadAverage)}`;
  const runnable = b.environment.runnable !== undefined ? `, ${b.environment.runnable.toFixed(1)} runnable` : '';
  const rounds = b.settings.rounds ? ` in ${b.settings.rounds} interleaved rounds` : '';
  const starts = b.tasks.some((t) => t.kind === 'cold-start') ? `, ${b.settings.starts} cold starts` : '';
  return `node ${b.environment.node}, ${b.environment.cpus} cpus, ${loads}${runnable}; at least ${b.settings.iterations} samples or ${b.settings.timeMs} ms per task${rounds}${starts}`;
}

/** With a baseline: the rule behind the verdicts, and the machine's own reference. */
function rule(result: ToolvetResult): string[] {
  const b = result.bench!;
  if (!b.baselineFile) return [];
  const lines = [
    `against ${b.baselineFile}: ratio of the rounds' medians; SLOWER when it is ${b.threshold}x and ${b.minEffectMs ?? 0} ms slower or more, still so for a warm call once up to 3 of the machine's extra echo round trips per call are taken off, and both the rounds' medians and their fastest calls rank above the baseline's (one-sided rank test, p <= 0.01); noisy when past ${b.threshold}x within the noise, noisy (load) when within what the busier machine explains`,
  ];
  if (b.remeasured) lines.push(`measured again, ${b.settings.rounds ?? 0} rounds more, because a task read noisy: ${b.remeasured.join(', ')}`);
  for (const m of b.machine ?? []) {
    const echo = m.echoRoundMediansMs ? `, echo round trip ${ms(median(m.echoRoundMediansMs))} ms` : '';
    lines.push(`machine reference for ${m.server} (node -e "" start): ${ms(m.medianMs)} ms${echo}`);
  }
  return lines;
}

export function renderBenchText(result: ToolvetResult): string {
  const bench = result.bench;
  if (!bench) return '';
  const withBaseline = bench.baselineFile !== undefined;
  const style = pc.isColorSupported ? { head: ['cyan'], border: ['grey'] } : { head: [], border: [] };
  const table = new Table({ head: heads(withBaseline), style, chars: { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' } });
  for (const t of bench.tasks) {
    const row = cells(t, withBaseline, bench.threshold);
    table.push(t.flagged ? row.map((c) => pc.red(c)) : row);
  }
  const out = [pc.bold('toolvet bench') + pc.dim(`  ${header(result)}`), table.toString(), ...rule(result).map((l) => pc.dim(`  ${l}`))];
  const extra = notes(result);
  if (extra.length > 0) out.push(...extra.map((n) => pc.dim(`  ${n}`)));
  const verdict = result.verdict;
  out.push(verdict.status === 'pass' ? pc.green('no slowdown flagged') : [verdict.status === 'fail' ? pc.red('slowdown flagged:') : pc.red('errors:'), ...verdict.reasons.map((r) => `  ${r}`)].join('\n'));
  return out.join('\n');
}

const escapeCell = (s: string): string => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function renderBenchMarkdown(result: ToolvetResult): string {
  const bench = result.bench;
  if (!bench) return '';
  const withBaseline = bench.baselineFile !== undefined;
  const head = heads(withBaseline);
  const lines = [
    '## toolvet bench',
    '',
    `| ${head.join(' | ')} |`,
    `|${head.map((_, i) => (i < 2 ? ' --- ' : ' ---: ')).join('|')}|`,
    ...bench.tasks.map((t) => `| ${cells(t, withBaseline, bench.threshold).map((c) => escapeCell(t.flagged && c === 'SLOWER' ? '**SLOWER**' : c)).join(' | ')} |`),
    '',
    `_${header(result)}_`,
    ...rule(result).map((l) => `\n_${escapeCell(l)}_`),
  ];
  const extra = notes(result);
  if (extra.length > 0) lines.push('', ...extra.map((n) => `- ${escapeCell(n)}`));
  lines.push('', result.verdict.status === 'pass' ? 'No slowdown flagged.' : `**${result.verdict.status === 'fail' ? 'Slowdown flagged' : 'Errors'}:**\n${result.verdict.reasons.map((r) => `- ${escapeCell(r)}`).join('\n')}`);
  return lines.join('\n');
}
