/**
 * The bench result as text (a cli-table3 table) and as Markdown, from the plain `bench` section of
 * the result model. Skipped and errored tasks are listed under the table with their reasons.
 */
import Table from 'cli-table3';
import pc from 'picocolors';
import type { BenchTaskResult, ToolproofResult } from '../report/model.ts';

const ms = (x: number | undefined): string => (x === undefined ? '-' : x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
const ops = (x: number | undefined): string => (x === undefined ? '-' : x >= 100 ? Math.round(x).toLocaleString('en-US') : x.toFixed(1));
const rme = (x: number | undefined): string => (x === undefined ? '-' : `±${x.toFixed(1)}%`);

const VERDICT: Record<NonNullable<BenchTaskResult['change']>, string> = { slower: 'SLOWER', faster: 'faster', same: 'ok', noisy: 'noisy' };

function cells(t: BenchTaskResult, withBaseline: boolean): string[] {
  const row = [t.server, t.task];
  if (t.state !== 'completed') return [...row, t.state, '', '', '', '', '', ...(withBaseline ? ['', '', '', ''] : [])];
  row.push(ms(t.meanMs), ms(t.p50Ms), ms(t.p99Ms), ops(t.opsPerSec), String(t.samples ?? '-'), rme(t.rme));
  if (withBaseline) {
    row.push(t.baseline?.medianMs !== undefined ? ms(t.baseline.medianMs) : '-', t.ratio === undefined ? '-' : `${t.ratio.toFixed(2)}x`, t.noise === undefined ? '-' : `±${(t.noise * 100).toFixed(0)}%`, t.change ? VERDICT[t.change] : '');
  }
  return row;
}

function heads(withBaseline: boolean): string[] {
  return ['server', 'task', 'mean ms', 'p50 ms', 'p99 ms', 'ops/s', 'samples', 'rme', ...(withBaseline ? ['base p50', 'ratio', 'noise', 'verdict'] : [])];
}

function notes(result: ToolproofResult): string[] {
  const tasks = result.bench?.tasks ?? [];
  return [
    ...tasks.filter((t) => t.state !== 'completed').map((t) => `${t.server} ${t.task}: ${t.state}: ${t.reason ?? ''}`),
    ...result.warnings.map((w) => `${w.code}: ${w.message}${w.hint ? ` (${w.hint})` : ''}`),
  ];
}

function footer(result: ToolproofResult): string {
  const b = result.bench!;
  const load = (l: number[]): string => l.map((x) => x.toFixed(2)).join(' ');
  const start = b.environment.loadAverageAtStart ? `load ${load(b.environment.loadAverageAtStart)} at start, ${load(b.environment.loadAverage)} at end` : `load ${load(b.environment.loadAverage)}`;
  const runnable = b.environment.runnable !== undefined ? `, ${b.environment.runnable.toFixed(1)} runnable tasks on average` : '';
  const env = `node ${b.environment.node}, ${b.environment.cpus} cpus, ${start}${runnable}`;
  const rounds = b.settings.rounds ? ` in ${b.settings.rounds} interleaved rounds` : '';
  const base = b.baselineFile
    ? `; baseline ${b.baselineFile}: ratio of medians; SLOWER when the median is at least ${b.threshold}x and ${b.minEffectMs ?? 0} ms slower and the rounds' medians and fastest calls both say so (one-sided rank test, p <= 0.01), noisy when past the minimum effect but not the noise`
    : '';
  return `${env}; at least ${b.settings.iterations} samples or ${b.settings.timeMs} ms per task${rounds}, ${b.settings.starts} cold starts${base}`;
}

export function renderBenchText(result: ToolproofResult): string {
  const bench = result.bench;
  if (!bench) return '';
  const withBaseline = bench.baselineFile !== undefined;
  const style = pc.isColorSupported ? { head: ['cyan'], border: ['grey'] } : { head: [], border: [] };
  const table = new Table({ head: heads(withBaseline), style, chars: { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' } });
  for (const t of bench.tasks) {
    const row = cells(t, withBaseline);
    table.push(t.flagged ? row.map((c) => pc.red(c)) : row);
  }
  const out = [pc.bold('toolproof bench') + pc.dim(`  ${footer(result)}`), table.toString()];
  const extra = notes(result);
  if (extra.length > 0) out.push(...extra.map((n) => pc.dim(`  ${n}`)));
  const verdict = result.verdict;
  out.push(verdict.status === 'pass' ? pc.green('no slowdown flagged') : [verdict.status === 'fail' ? pc.red('slowdown flagged:') : pc.red('errors:'), ...verdict.reasons.map((r) => `  ${r}`)].join('\n'));
  return out.join('\n');
}

const escapeCell = (s: string): string => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function renderBenchMarkdown(result: ToolproofResult): string {
  const bench = result.bench;
  if (!bench) return '';
  const withBaseline = bench.baselineFile !== undefined;
  const head = heads(withBaseline);
  const lines = [
    '## toolproof bench',
    '',
    `| ${head.join(' | ')} |`,
    `|${head.map((_, i) => (i < 2 ? ' --- ' : ' ---: ')).join('|')}|`,
    ...bench.tasks.map((t) => `| ${cells(t, withBaseline).map((c) => escapeCell(t.flagged && c === 'SLOWER' ? '**SLOWER**' : c)).join(' | ')} |`),
    '',
    `_${footer(result)}_`,
  ];
  const extra = notes(result);
  if (extra.length > 0) lines.push('', ...extra.map((n) => `- ${escapeCell(n)}`));
  lines.push('', result.verdict.status === 'pass' ? 'No slowdown flagged.' : `**${result.verdict.status === 'fail' ? 'Slowdown flagged' : 'Errors'}:**\n${result.verdict.reasons.map((r) => `- ${escapeCell(r)}`).join('\n')}`);
  return lines.join('\n');
}
