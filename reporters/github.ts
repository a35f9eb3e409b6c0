/**
 * GitHub Actions: workflow commands (`::error ...::`) that show as annotations on the run and the
 * pull request, and the Markdown summary appended to $GITHUB_STEP_SUMMARY. `emitGitHub` does both
 * when GITHUB_ACTIONS is set; the reporter's render gives the annotation lines alone.
 */
import { appendFileSync } from 'node:fs';
import type { ToolproofResult } from '../src/report/model.ts';
import type { Reporter } from '../src/report/reporter.ts';
import { chosenText, expectedText, failedCases } from '../src/report/text.ts';
import { renderMarkdown } from './markdown.ts';

export interface Annotation {
  level: 'error' | 'warning' | 'notice';
  title: string;
  message: string;
  file?: string;
  line?: number;
}

/** GitHub shows at most 10 errors and 10 warnings per step; more only adds noise to the log. */
const MAX_PER_LEVEL = 50;

// Escaping as in @actions/core's command.ts: data escapes % CR LF; properties also : and ,.
const escapeData = (s: string): string => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (s: string): string => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

export function annotationLine(a: Annotation): string {
  const props = [a.file ? `file=${escapeProperty(a.file)}` : '', a.line ? `line=${a.line}` : '', `title=${escapeProperty(a.title)}`].filter(Boolean).join(',');
  return `::${a.level} ${props}::${escapeData(a.message)}`;
}

export function annotations(result: ToolproofResult): Annotation[] {
  const out: Annotation[] = [];
  if (result.verdict.status !== 'pass') {
    out.push({ level: 'error', title: `toolproof ${result.command}: ${result.verdict.status.toUpperCase()}`, message: result.verdict.reasons.join('\n') || 'the gate failed' });
  }
  for (const e of result.errors) out.push({ level: 'error', title: `toolproof ${e.code}`, message: `${e.message}${e.hint ? `\nnext: ${e.hint}` : ''}`, ...(e.file ? { file: e.file } : {}) });
  for (const c of failedCases(result)) {
    out.push({ level: 'warning', title: `toolproof eval ${c.suite}/${c.id}`, message: `"${c.query}": expected ${expectedText(c.expected)}, chose ${chosenText(c.chosen)} (${c.reason})` });
  }
  for (const w of result.warnings) out.push({ level: 'warning', title: `toolproof ${w.code}`, message: `${w.message}${w.hint ? `\nnext: ${w.hint}` : ''}` });
  const kept: Annotation[] = [];
  const seen = { error: 0, warning: 0, notice: 0 };
  for (const a of out) if (++seen[a.level] <= MAX_PER_LEVEL) kept.push(a);
  return kept;
}

export function renderGitHub(result: ToolproofResult): string {
  const lines = annotations(result).map(annotationLine);
  return lines.length ? `${lines.join('\n')}\n` : '';
}

/**
 * When running in GitHub Actions: writes the annotations to `out` and appends the Markdown summary
 * to $GITHUB_STEP_SUMMARY. Returns false (and does nothing) elsewhere.
 */
export function emitGitHub(result: ToolproofResult, env: NodeJS.ProcessEnv = process.env, out: (text: string) => void = (t) => process.stdout.write(t)): boolean {
  if (!env.GITHUB_ACTIONS) return false;
  out(renderGitHub(result));
  if (env.GITHUB_STEP_SUMMARY) appendFileSync(env.GITHUB_STEP_SUMMARY, `${renderMarkdown(result)}\n`);
  return true;
}

export const github: Reporter = {
  id: 'github',
  description: 'GitHub Actions annotations (and the Markdown summary in $GITHUB_STEP_SUMMARY when run there)',
  extension: 'txt',
  render: renderGitHub,
};
