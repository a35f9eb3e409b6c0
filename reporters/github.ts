/**
 * GitHub Actions: workflow commands (`::error ...::`) that show as annotations on the run and the
 * pull request, and the Markdown summary appended to $GITHUB_STEP_SUMMARY. `emitGitHub` does both
 * when GITHUB_ACTIONS is set; the reporter's render gives the annotation lines alone.
 */
import { appendFileSync } from 'node:fs';
import type { ToolvetResult } from '../src/report/model.ts';
import type { Reporter } from '../src/report/reporter.ts';
import { chosenText, expectedText, failedCases } from '../src/report/text.ts';
import { renderMarkdown } from './markdown.ts';
import { markOwnLines, onGitHubActions } from '../src/safety/github.ts';
import { toFile } from '../src/safety/boundary.ts';

export interface Annotation {
  level: 'error' | 'warning' | 'notice';
  title: string;
  message: string;
  file?: string;
  line?: number;
}

/**
 * GitHub shows at most 10 errors and 10 warnings per step; more only adds noise to the log. So the
 * order is by weight: the verdict, run errors, diff changes, flipped queries, lint findings, then
 * failed eval cases, slowdowns and skills.
 */
const MAX_PER_LEVEL = 50;

// Escaping as in @actions/core's command.ts: data escapes % CR LF; properties also : and ,.
const escapeData = (s: string): string => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (s: string): string => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

export function annotationLine(a: Annotation): string {
  const props = [a.file ? `file=${escapeProperty(a.file)}` : '', a.line ? `line=${a.line}` : '', `title=${escapeProperty(a.title)}`].filter(Boolean).join(',');
  return `::${a.level} ${props}::${escapeData(a.message)}`;
}

export function annotations(result: ToolvetResult): Annotation[] {
  const out: Annotation[] = [];
  if (result.verdict.status === 'none') out.push({ level: 'notice', title: `toolvet ${result.command}: NO GATE`, message: result.verdict.reasons.join('\n') });
  else if (result.verdict.status !== 'pass') {
    out.push({ level: 'error', title: `toolvet ${result.command}: ${result.verdict.status.toUpperCase()}`, message: result.verdict.reasons.join('\n') || 'the gate failed' });
  }
  for (const e of result.errors) out.push({ level: 'error', title: `toolvet ${e.code}`, message: `${e.message}${e.hint ? `\nnext: ${e.hint}` : ''}`, ...(e.file ? { file: e.file } : {}) });
  for (const c of result.diff?.changes ?? []) {
    // The gate's stamp decides error (fails) or warning; safe changes that do not fail are not annotated.
    if (!c.failing && (c.level === 'safe' || c.accepted)) continue;
    out.push({ level: c.failing ? 'error' : 'warning', title: `toolvet diff ${c.level}: ${c.tool} ${c.check}`, message: c.message });
  }
  for (const ab of result.diff?.ab ?? []) {
    for (const f of ab.flipped.filter((x) => x.direction === 'pass->fail')) {
      out.push({ level: 'warning', title: `toolvet A/B ${ab.suite}: flipped ${f.id}`, message: `"${f.query}" expects ${f.expected}: the old descriptions chose ${f.oldChoice}, the new ones ${f.newChoice}` });
    }
  }
  for (const f of result.lint?.findings ?? []) {
    const level = f.severity === 'error' ? 'error' : f.severity === 'warn' ? 'warning' : 'notice';
    const subject = [f.server, f.target].filter(Boolean).join('/') || '(set)';
    out.push({ level, title: `toolvet lint ${f.ruleId}: ${subject}`, message: `${f.message} (at ${f.path})`, ...(f.file ? { file: f.file } : {}), ...(f.line ? { line: f.line } : {}) });
  }
  for (const s of result.scenarios ?? []) {
    if (s.pass) continue;
    out.push({ level: 'error', title: `toolvet scenario ${s.suite}/${s.id}: ${s.state}`, message: `"${s.query}": ${s.reason}` });
  }
  for (const c of failedCases(result)) {
    out.push({ level: 'warning', title: `toolvet eval ${c.suite}/${c.id}`, message: `"${c.query}": expected ${expectedText(c.expected)}, chose ${chosenText(c.chosen)} (${c.reason})` });
  }
  for (const t of result.bench?.tasks ?? []) {
    if (t.flagged) out.push({ level: 'warning', title: `toolvet bench ${t.server} ${t.task}`, message: `${t.ratio?.toFixed(2)}x slower than the baseline (${t.meanMs?.toFixed(2)} ms vs ${t.baseline?.meanMs.toFixed(2)} ms)` });
  }
  for (const t of result.skills?.trigger?.cases ?? []) {
    if (t.state === 'failed') out.push({ level: 'warning', title: `toolvet skills ${t.skill}/${t.id}`, message: `"${t.query}": ${t.reason}` });
  }
  for (const w of result.warnings) out.push({ level: 'warning', title: `toolvet ${w.code}`, message: `${w.message}${w.hint ? `\nnext: ${w.hint}` : ''}` });
  const kept: Annotation[] = [];
  const seen = { error: 0, warning: 0, notice: 0 };
  for (const a of out) if (++seen[a.level] <= MAX_PER_LEVEL) kept.push(a);
  return kept;
}

export function renderGitHub(result: ToolvetResult): string {
  const lines = annotations(result).map(annotationLine);
  return lines.length ? `${lines.join('\n')}\n` : '';
}

/**
 * When running in GitHub Actions: writes the annotations to `out` and appends the Markdown summary
 * to $GITHUB_STEP_SUMMARY. Returns false (and does nothing) elsewhere.
 */
export function emitGitHub(result: ToolvetResult, env: NodeJS.ProcessEnv = process.env, out: (text: string) => void = writeOwnLines): boolean {
  if (!onGitHubActions(env)) return false;
  out(renderGitHub(result));
  if (env.GITHUB_STEP_SUMMARY) appendStepSummary(result, env.GITHUB_STEP_SUMMARY);
  return true;
}

/** Marked as ours, so the CLI's output boundary lets these (already escaped) lines through as workflow commands. */
export function writeOwnLines(text: string): void {
  process.stdout.write(markOwnLines(text));
}

/** Appends the Markdown summary to the step summary file GitHub shows on the run's page. */
export function appendStepSummary(result: ToolvetResult, file: string): void {
  appendFileSync(file, toFile(`${renderMarkdown(result)}\n`));
}

export const github: Reporter = {
  id: 'github',
  description: 'GitHub Actions annotations (and the Markdown summary in $GITHUB_STEP_SUMMARY when run there)',
  extension: 'txt',
  render: renderGitHub,
};
