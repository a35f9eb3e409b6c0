/** The Markdown rendering of a diff result, for a pull-request comment or a job summary. */
import type { ToolvetResult } from '../report/model.ts';
import { countsLine, abHeadline } from './format-text.ts';
import type { Change } from './types.ts';
import { markdownCell, markdownCode, markdownDocument } from '../safety/markdown.ts';

const cell = markdownCell;
const ICON = { breaking: '🔴', retest: '🟡', safe: '🟢' } as const;

export function formatDiffMarkdown(result: ToolvetResult): string {
  const diff = result.diff;
  if (!diff) return '_no diff section in this result_\n';
  const status = result.verdict.status;
  const out: string[] = [];
  out.push(`## Toolvet diff: ${status === 'pass' ? 'pass' : status === 'fail' ? 'fail' : 'error'}`, '');
  out.push(`${markdownCode(diff.old)} → ${markdownCode(diff.new)}: ${cell(countsLine(diff))} (fail on: ${cell(diff.failOn)})`, '');
  if (diff.changes.length) {
    out.push('| level | tool | check | path | message |', '|---|---|---|---|---|');
    for (const c of diff.changes) out.push(row(c));
    out.push('');
  }
  for (const ab of diff.ab) {
    out.push(`### A/B of descriptions: ${cell(ab.suite)}`, '');
    out.push(`Model ${markdownCode(ab.model)}, ${ab.queries} queries × ${ab.repeat}. ${cell(abHeadline(ab))}. **Verdict: ${cell(ab.verdict)}**${ab.accepted ? ` (accepted until ${cell(ab.accepted.expires)})` : ''}.`, '');
    if (ab.flipped.length) {
      out.push('| query | expected | old choice | new choice | flip |', '|---|---|---|---|---|');
      for (const f of ab.flipped) out.push(`| ${cell(`${f.id}: ${f.query}`)} | ${cell(f.expected)} | ${cell(f.oldChoice)} | ${cell(f.newChoice)} | ${f.direction} |`);
      out.push('');
    }
  }
  for (const issue of diff.baseline?.issues ?? []) out.push(`- baseline ${cell(issue.problem)}: ${cell(issue.message)}`);
  for (const v of diff.versions ?? []) out.push(`- semver ${v.pass ? 'ok' : '**fail**'}: ${cell(v.message)}`);
  if (result.verdict.reasons.length) {
    out.push('', '**Gate**', '');
    for (const r of result.verdict.reasons) out.push(`- ${cell(r)}`);
  }
  return markdownDocument(`${out.join('\n')}\n`);
}

function row(c: Change): string {
  const accepted = c.accepted ? ` _(accepted until ${cell(c.accepted.expires)}: ${cell(c.accepted.reason)})_` : '';
  return `| ${ICON[c.level]} ${c.level} | ${cell(`${c.server ? `${c.server}/` : ''}${c.tool}`)} | ${markdownCode(c.check)} | ${markdownCode(c.path || '(tool)').replace(/(?<!\\)\|/g, '\\|')} | ${cell(c.message)}${accepted} |`;
}
