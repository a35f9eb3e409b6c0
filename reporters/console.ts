/**
 * The console report for an eval: summary, per-tool table, the failed cases with expected, chosen
 * and reason. Tables by cli-table3, colours by picocolors (off when not a TTY or NO_COLOR is set).
 */
import type TableClass from 'cli-table3';
import { lazyRequire } from '../src/lazy-require.ts';
import pc from 'picocolors';
import type { EvalSummary, ToolvetResult } from '../src/report/model.ts';
import type { CaseResult } from '../src/types.ts';
import { renderLoadingText } from '../src/report/loading-render.ts';
import { renderCostText, renderScenariosText, renderToolTokensText } from '../src/report/scenario-text.ts';
import { expectedText } from '../src/report/text.ts';
import { renderModelMatrixText } from '../src/report/model-matrix-render.ts';
import { failedNotShown, moreFailedText } from '../src/report/cases-elsewhere.ts';
import { sanitizeLine } from '../src/safety/terminal.ts';
import { sanitizeLine as one } from '../src/safety/terminal.ts';

// cli-table3 (and string-width with its emoji pattern) loads with the first table, not at import: an eval
// renders its first tables while it waits on the model (warmEvalConsole), after its first requests went out.
const tableClass = lazyRequire<typeof TableClass>('cli-table3');
const newTable = (options: ConstructorParameters<typeof TableClass>[0]): InstanceType<typeof TableClass> => new (tableClass())(options);

/** cli-table3 colours its borders and headings itself; keep plain text when colours are off. */
const tableStyle = (): { head: string[]; border: string[] } => (pc.isColorSupported ? { head: ['cyan'], border: ['grey'] } : { head: [], border: [] });

const pct = (x: number | null): string => (x === null ? '-' : `${(x * 100).toFixed(1)}%`);

export { expectedText };

export function chosenText(chosen: string | null | undefined): string {
  return chosen === undefined ? '(error)' : chosen === null ? '(no tool)' : chosen;
}

const SUMMARY_HEAD = ['suite', 'cases', 'passed', 'failed', 'errored', 'accuracy', '95% interval', 'no-tool acc.', 'arg acc.'];
const PER_TOOL_HEAD = ['tool', 'expected', 'TP', 'FP', 'FN', 'precision', 'recall', 'F1'];

function summaryTable(result: ToolvetResult, summary: EvalSummary): string {
  const table = newTable({ head: SUMMARY_HEAD, style: tableStyle() });
  const row = (name: string, s: EvalSummary) => [
    name,
    s.cases,
    s.passed,
    s.failed,
    s.errored,
    pct(s.accuracy),
    `${pct(s.interval.low)} - ${pct(s.interval.high)}`,
    pct(s.noToolAccuracy),
    pct(s.argAccuracy),
  ];
  for (const suite of result.suites ?? []) table.push(row(suite.suite, suite.summary));
  if ((result.suites?.length ?? 0) !== 1) table.push(row(pc.bold('all'), summary));
  return table.toString();
}

function perToolTable(summary: EvalSummary): string {
  const table = newTable({ head: PER_TOOL_HEAD, style: tableStyle() });
  for (const t of summary.perTool) {
    table.push([t.tool, t.support, t.truePositives, t.falsePositives, t.falseNegatives, pct(t.precision), pct(t.recall), pct(t.f1)]);
  }
  return table.toString();
}

function failuresTable(cases: CaseResult[]): string {
  return failureRowsTable(cases.map((c) => [`${c.suite}/${c.id}`, c.query, expectedText(c.expected), chosenText(c.chosen), c.reason]));
}

function failureRowsTable(rows: string[][]): string {
  const table = newTable({ head: ['case', 'query', 'expected', 'chosen', 'reason'], colWidths: [26, 36, 18, 18, 44], wordWrap: true, style: tableStyle() });
  for (const row of rows) table.push(row);
  return table.toString();
}

/**
 * Renders a throwaway table of each kind the eval report prints, so the report at the end of a run
 * meets warm code: cli-table3's first tables run in the interpreter and cost several times later
 * ones (a 30-row failures table about 4x). Called while a run waits on its model (src/cli/when-idle.ts),
 * this moves that cost from after the last answer into time the process spends idle.
 */
export function warmEvalConsole(): void {
  const text = 'a query of a few words, long enough that its column wraps it onto two or three lines';
  failureRowsTable(Array.from({ length: 30 }, (_, i) => [`suite/case-${i}`, text, 'search_items', '(no tool)', text]));
  for (const head of [SUMMARY_HEAD, PER_TOOL_HEAD]) {
    const table = newTable({ head, style: tableStyle() });
    table.push(head.map((_, i) => (i === 0 ? pc.bold('all') : pct(i / 10))));
    table.toString();
  }
}

export function renderEvalConsole(result: ToolvetResult, options: { maxFailures?: number } = {}): string {
  const out: string[] = [];
  const summary = result.summary;
  out.push(pc.bold(`toolvet ${result.command}`) + pc.dim(`  model ${result.model ?? '-'}`));
  for (const server of result.servers ?? []) {
    const state = server.error ? pc.red(`failed: ${server.error.code}`) : `${server.tools} tools${server.restarts ? pc.yellow(`, restarted ${server.restarts}x`) : ''}`;
    out.push(pc.dim(`  server ${sanitizeLine(server.name)}${server.version ? ` ${sanitizeLine(server.version)}` : ''}: `) + state);
  }
  if (summary) {
    out.push(summaryTable(result, summary));
    if (summary.perTool.length > 0) out.push(perToolTable(summary));
    if (summary.repeat > 1) out.push(`repeat ${summary.repeat}: pass@${summary.repeat} ${pct(summary.passAtK)}, pass^${summary.repeat} ${pct(summary.passHatK)}`);
    const failed = (result.cases ?? []).filter((c) => c.state === 'failed' || c.state === 'errored');
    // A large streamed run holds only its first failed cases: the others are counted, and in the results file.
    const notHeld = failedNotShown(result);
    if (failed.length > 0) {
      const max = options.maxFailures ?? 30;
      const more = failed.length + notHeld - Math.min(max, failed.length);
      out.push(pc.bold(`Failed cases (${failed.length + notHeld})`));
      out.push(failuresTable(failed.slice(0, max)));
      if (more > 0) out.push(pc.dim(notHeld > 0 ? moreFailedText(result, more) : `… and ${more} more in the JSON results`));
    }
  }
  const scenarios = renderScenariosText(result);
  if (scenarios) out.push(scenarios);
  const cost = renderCostText(result);
  if (cost) out.push(cost);
  if (result.models) out.push(renderModelMatrixText(result.models));
  if (result.loading) out.push(renderLoadingText(result.loading));
  const toolTokens = renderToolTokensText(result);
  if (toolTokens) out.push(toolTokens);
  out.push(...renderNotices(result));
  out.push(renderVerdict(result));
  return out.join('\n');
}

/** The run's warnings and errors, each with its next step. */
export function renderNotices(result: Pick<ToolvetResult, 'warnings' | 'errors'>): string[] {
  return [
    ...result.warnings.map((w) => pc.yellow(`warning ${w.code}: ${one(w.message)}`) + (w.hint ? pc.dim(`\n  next: ${w.hint}`) : '')),
    ...result.errors.map((e) => pc.red(`error ${e.code}: ${one(e.message)}`) + (e.stderr?.length ? pc.dim(`\n${e.stderr.map((l) => `  | ${l}`).join('\n')}`) : '') + (e.hint ? pc.dim(`\n  next: ${e.hint}`) : '')),
  ];
}

export function renderVerdict(result: ToolvetResult): string {
  const { status, reasons } = result.verdict;
  const head = status === 'pass' ? pc.green('PASS') : status === 'none' ? pc.yellow('NO GATE') : status === 'fail' ? pc.red('FAIL') : pc.red('ERROR');
  const incomplete = result.complete ? '' : pc.yellow(' (incomplete run)');
  const s = result.summary;
  const totals = s ? ` accuracy ${pct(s.accuracy)} (${s.passed}/${s.cases} cases passed${s.errored ? `, ${s.errored} errored` : ''})` : '';
  // A reason may quote a server's text: one line, so nothing after it can pass for a line of ours.
  return `${head}${incomplete}${totals}${reasons.length ? `: ${reasons.map(one).join('; ')}` : ''}`;
}
