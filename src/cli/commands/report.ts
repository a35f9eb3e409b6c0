/**
 * `toolvet report FILE... | --merge DIR --format F [--out FILE | --out-dir DIR]`: re-renders saved
 * results (or merges shard results) in any format, without re-running anything; `--history DIR`
 * draws the trend over a history folder instead.
 */
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Command } from 'commander';
import { appendStepSummary, writeOwnLines } from '../../../reporters/github.ts';
import { EXIT, exitCodeFor, ToolvetError } from '../../errors.ts';
import { appendHistory } from '../../report/history/store.ts';
import { renderHistoryHtml, renderHistoryText } from '../../report/history/render.ts';
import { readHistory } from '../../report/history/trend.ts';
import { mergeResults, readShardFolder } from '../../report/merge.ts';
import type { Diagnostic, ToolvetResult } from '../../report/model.ts';
import { FORMATS, reporterFor } from '../../report/reporters.ts';
import { loadResultFile } from '../../report/result-schema.ts';
import { collect, positiveInt } from '../flags.ts';
import type { SetExit } from './set-exit.ts';
import { writeTextFile as write } from '../output.ts';

export interface ReportFlags {
  merge?: string;
  format?: string[];
  out?: string;
  outDir?: string;
  previous?: string;
  gate?: boolean;
  prComment?: boolean;
  pr?: number;
  history?: string;
  appendHistory?: string;
}

/**
 * Loads the inputs: one result as is, several (or a shard folder) merged. From a folder only shard
 * files are read; what was left out, and shards that are missing, are said on stderr and kept as
 * warnings in the merged result.
 */
export function loadReportInput(files: string[], merge: string | undefined): ToolvetResult {
  if (files.length === 0 && !merge) throw new ToolvetError('E_USAGE', 'report needs a result FILE or --merge DIR', { hint: 'see `toolvet report --help`' });
  const folder = merge ? readShardFolder(merge) : undefined;
  const parts = [...(folder?.shards.map((s) => s.result) ?? []), ...files.map((f) => loadResultFile(f))];
  const result = parts.length === 1 ? { ...parts[0], warnings: [...parts[0].warnings] } : mergeResults(parts);
  const notes: Diagnostic[] = [
    ...(folder?.skipped ?? []).map((file) => ({ code: 'W_MERGE_SKIPPED', message: `skipped ${file}: not a shard file (toolvet.shard-<i>-of-<n>.json), so its cases are not counted`, hint: 'to merge it too, name it as an argument: toolvet report FILE --merge DIR' })),
    ...(folder?.missing.length ? [{ code: 'W_MERGE_MISSING', message: `shard(s) ${folder.missing.join(', ')} missing from ${merge}: the totals cover only the shards found`, hint: 'wait for every shard job, or re-run the missing ones' }] : []),
  ];
  for (const note of notes) process.stderr.write(`warning ${note.code}: ${note.message}\n`);
  result.warnings.push(...notes);
  return result;
}

/** `report --history DIR`: the trend over the runs in DIR, as text (default) or an HTML page. */
export function executeHistoryReport(flags: ReportFlags): void {
  const formats = (flags.format ?? ['text']).flatMap((f) => f.split(',')).map((f) => f.trim()).filter(Boolean);
  const unknown = formats.filter((f) => f !== 'text' && f !== 'html');
  if (unknown.length) throw new ToolvetError('E_USAGE', `--history draws text or html, not ${unknown.join(', ')}`, { hint: 'use --format text or --format html' });
  if (flags.out && formats.length > 1) throw new ToolvetError('E_USAGE', `--out names one file but ${formats.length} formats were asked for`, { hint: 'use --out-dir DIR to write one file per format' });
  const history = readHistory(flags.history!);
  for (const warning of history.skipped) process.stderr.write(`warning W_HISTORY_SKIPPED: ${warning} in ${flags.history} is not a history run (written by --history), so it is left out\n`);
  for (const format of formats) {
    // A page written elsewhere links each dot to the run file by its path from the page.
    const page = flags.out ?? (flags.outDir ? join(flags.outDir, 'toolvet.history.html') : undefined);
    const link = (file: string): string => (page ? relative(dirname(resolve(page)), resolve(flags.history!, file)).split(sep).map(encodeURIComponent).join('/') : encodeURIComponent(file));
    const text = format === 'html' ? renderHistoryHtml(history, link) : renderHistoryText(history);
    if (flags.out) write(flags.out, text);
    else if (flags.outDir) write(join(flags.outDir, format === 'html' ? 'toolvet.history.html' : 'toolvet.history.txt'), text);
    else process.stdout.write(text);
  }
}

export function executeReport(files: string[], flags: ReportFlags, setExit: SetExit): ToolvetResult {
  // With --pr-comment the comment is the output; formats are printed only when asked for.
  const formats = (flags.format ?? (flags.prComment ? [] : ['text'])).flatMap((f) => f.split(',')).map((f) => f.trim()).filter(Boolean);
  const reporters = formats.map(reporterFor);
  if (flags.out && reporters.length > 1) {
    throw new ToolvetError('E_USAGE', `--out names one file but ${reporters.length} formats were asked for`, { hint: 'use --out-dir DIR to write one file per format' });
  }
  const result = loadReportInput(files, flags.merge);
  const previous = flags.previous ? loadResultFile(flags.previous) : undefined;
  if (flags.appendHistory) process.stderr.write(`toolvet report: appended to history ${appendHistory(flags.appendHistory, result)}\n`);
  for (const reporter of reporters) {
    const text = reporter.render(result, previous ? { previous } : {});
    // Asked for by name, the github format also fills the step summary when there is one.
    if (reporter.id === 'github' && process.env.GITHUB_STEP_SUMMARY) appendStepSummary(result, process.env.GITHUB_STEP_SUMMARY);
    if (flags.out) write(flags.out, text);
    else if (flags.outDir) write(join(flags.outDir, `toolvet.${reporter.id === 'text' || reporter.id === 'github' ? `${reporter.id}.txt` : reporter.extension}`), text);
    // Our annotation lines are escaped and marked as ours, so the output boundary lets them work.
    else if (reporter.id === 'github') writeOwnLines(text);
    else process.stdout.write(text);
  }
  const code = flags.gate ? exitCodeFor(result.verdict.status) : EXIT.ok;
  // A gate that fails says why, whatever went to stdout or to files.
  if (code !== EXIT.ok) {
    const why = result.verdict.reasons.length ? result.verdict.reasons : ['the result records no reason'];
    process.stderr.write(`toolvet report --gate: ${result.verdict.status.toUpperCase()} (exit ${code}): ${why.join('; ')}\n`);
  }
  setExit(code);
  return result;
}

export function registerReport(program: Command, setExit: SetExit): void {
  program
    .command('report')
    .description('render saved results (or merge shard results) in any format, without re-running')
    .argument('[file...]', 'result JSON files (from --json or the vitest reporter); several are merged')
    .option('--merge <dir>', 'merge every *.json result in DIR (one per vitest shard)')
    .option('--format <name>', `output format: ${FORMATS.join(', ')}; repeatable or comma-separated (default text)`, collect)
    .option('--out <file>', 'write the one format to FILE instead of stdout')
    .option('--out-dir <dir>', 'write each format to DIR/toolvet.<ext>')
    .option('--previous <file>', 'an earlier result: show each query set\'s accuracy change against it')
    .option('--history <dir>', 'draw accuracy, tokens, cost and latency over the runs in DIR (written by eval --history), per suite; text or html')
    .option('--append-history <dir>', 'append the result to the history folder DIR (one file per run, named by time, commit and branch)')
    .option('--gate', 'exit 1 (fail) or 2 (error) from the result\'s verdict, as the run did')
    .option('--pr-comment', 'create, or update in place, the pull request\'s one toolvet comment (Markdown report; GitHub Actions, see docs/github-action.md)')
    .option('--pr <n>', 'with --pr-comment: the pull request number, when $GITHUB_EVENT_PATH names none', positiveInt)
    .action(async (files: string[], flags: ReportFlags) => {
      if (flags.pr !== undefined && !flags.prComment) throw new ToolvetError('E_USAGE', '--pr names the pull request for --pr-comment, which was not given', { hint: 'add --pr-comment, or leave --pr out' });
      if (flags.history) {
        if (files.length || flags.merge || flags.prComment || flags.gate) throw new ToolvetError('E_USAGE', '--history draws the runs in its folder and takes no result files, --merge, --gate or --pr-comment', { hint: 'run `toolvet report --history DIR` on its own' });
        executeHistoryReport(flags);
        return;
      }
      const result = executeReport(files, flags, setExit);
      if (!flags.prComment) return;
      const { postPrComment } = await import('../../report/pr-comment/post-comment.ts');
      await postPrComment(result, { pr: flags.pr !== undefined ? String(flags.pr) : undefined, previous: flags.previous ? loadResultFile(flags.previous) : undefined });
    });
}
