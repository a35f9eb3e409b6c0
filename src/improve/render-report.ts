/**
 * The "improve" section of the Markdown and HTML reports (`toolvet report improve.json --format
 * markdown|html`): the split, each accepted rewording with its words marked and its evidence, and
 * the refused candidates (overfitting and the rest) with their rule, reason and held-out interval.
 */
import { lazyRequire } from '../lazy-require.ts';
import { details, joinMd, md, table, trusted, type Md } from '../report/markdown-kit.ts';
import { esc, htmlTable } from '../report/html/escape.ts';
import { wordDiffHtml } from '../report/html/word-diff.ts';
import type { ToolvetResult } from '../report/model.ts';
import { pct } from '../report/text.ts';
import { intervalText } from './held-out.ts';
import type { Accuracy, ImproveResult, ImproveStep, RefusedCandidate } from './improve.ts';

const diff = lazyRequire<typeof import('diff')>('diff');

const acc = (a: Accuracy): string => `${pct(a.accuracy)} (${pct(a.interval.low)} - ${pct(a.interval.high)})`;
const heldOut = (s: ImproveStep): string => `${intervalText(s.heldOut)}: excludes zero (McNemar p = ${s.heldOut.mcnemarP.toFixed(3)})`;
const ownHeldOut = (s: ImproveStep): string => `${s.tool}'s own held-out cases: ${intervalText(s.toolHeldOut)}; none went from pass to fail`;
const refusedInterval = (x: RefusedCandidate): string => (x.heldOut ? intervalText(x.heldOut) : 'not run');
const ownCases = (s: ImproveStep): [string, string] => {
  const n = s.toolHeldOut.counted.units;
  return [`${Math.round(s.toolHeldOut.before.accuracy * n)}/${n}`, `${Math.round(s.toolHeldOut.after.accuracy * n)}/${n}`];
};
const splitLine = (r: ImproveResult): string => `Split: seed ${r.split.seed}, ${Math.round(r.split.fraction * 100)}% train, stratified by expected tool: ${r.split.train.length} train, ${r.split.heldOut.length} held-out.`;

/** Markdown: removed words struck through, added ones in bold, every word escaped. */
function markdownDiff(before: string, after: string): Md {
  return joinMd(diff().diffWords(before, after).map((p) => (p.added ? md`**${p.value.trim()}** ` : p.removed ? md`~~${p.value.trim()}~~ ` : md`${p.value}`)), '');
}

export function improveMarkdown(result: ToolvetResult): Md | undefined {
  const r = result.improve;
  if (!r) return undefined;
  const out: Md[] = [md`#### Improve: ${r.steps.length} rewording(s) proved on held-out queries`, md`${splitLine(r)} Counted: ${r.power.counted.why}.`, md`${r.power.tooSmall ? '**' : ''}${r.power.statement}.${r.power.tooSmall ? '**' : ''}`];
  for (const s of r.steps) {
    out.push(md`**${s.tool}**, iteration ${s.iteration}: ${s.candidate} (${s.summary})`);
    out.push(table(['tool', trusted('description (~~removed~~, **added**)')], s.changes.map((c) => [c.tool, markdownDiff(c.old, c.new)])));
    out.push(table(['', 'before', 'after'], [
      ['train accuracy', acc(s.train.before), acc(s.train.after)],
      ['held-out accuracy', acc(s.heldOut.before), acc(s.heldOut.after)],
      [`${s.tool}'s held-out cases`, ...ownCases(s)],
    ]));
    out.push(md`Held-out gain ${heldOut(s)}. ${ownHeldOut(s)}.${s.heldOut.flipped.length ? ` Flipped: ${s.heldOut.flipped.join(', ')}.` : ''}`);
  }
  if (r.refused.length) out.push(details(md`Refused, not applied (${r.refused.length})`, table(['iteration', 'tool', 'candidate', 'rule', 'reason', 'held-out interval'], r.refused.map((x) => [`${x.iteration}`, x.tool, x.candidate, x.rule, x.reason, refusedInterval(x)]))));
  return joinMd(out);
}

export function improveHtml(result: ToolvetResult): string | undefined {
  const r = result.improve;
  if (!r) return undefined;
  const parts = [`<p>${esc(splitLine(r))} Counted: ${esc(r.power.counted.why)}.</p>`, `<p>${r.power.tooSmall ? '<strong>' : ''}${esc(r.power.statement)}.${r.power.tooSmall ? '</strong>' : ''}</p>`];
  if (!r.steps.length) parts.push('<p>No rewording was proved on the held-out queries (no interval excluded zero); nothing to apply.</p>');
  for (const s of r.steps) {
    parts.push(`<h3>${esc(s.tool)}, iteration ${s.iteration}: ${esc(s.candidate)}</h3><p>${esc(s.summary)}</p>`);
    parts.push(htmlTable(['tool', 'old', 'new'], s.changes.map((c) => {
      const d = wordDiffHtml(c.old, c.new);
      return [esc(c.tool), d.before, d.after];
    })));
    parts.push(htmlTable(['', 'before', 'after'], [
      ['train accuracy', esc(acc(s.train.before)), esc(acc(s.train.after))],
      ['held-out accuracy', esc(acc(s.heldOut.before)), esc(acc(s.heldOut.after))],
      [`${esc(s.tool)}'s held-out cases`, ...ownCases(s)],
    ]));
    parts.push(`<p>Held-out gain ${esc(heldOut(s))}. ${esc(ownHeldOut(s))}.${s.heldOut.flipped.length ? ` Flipped: ${esc(s.heldOut.flipped.join(', '))}.` : ''}</p>`);
  }
  if (r.refused.length) parts.push(`<h3>Refused, not applied (${r.refused.length})</h3>${htmlTable(['iteration', 'tool', 'candidate', 'rule', 'reason', 'held-out interval'], r.refused.map((x) => [`${x.iteration}`, esc(x.tool), esc(x.candidate), esc(x.rule), esc(x.reason), esc(refusedInterval(x))]))}`);
  return parts.join('\n');
}
