/** The text report of `toolvet improve`: the split, each accepted rewording with its evidence, and what was refused. */
import { lazyRequire } from '../lazy-require.ts';
import pc from 'picocolors';
import { intervalText } from './held-out.ts';
import type { Accuracy, ImproveResult } from './improve.ts';

const diff = lazyRequire<typeof import('diff')>('diff');

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
const acc = (a: Accuracy): string => `${pct(a.accuracy)} (95% ${pct(a.interval.low)}-${pct(a.interval.high)})`;

/** Old and new text with the removed words in [-...-] and the added ones in {+...+}. */
export function markChanges(before: string, after: string): string {
  return diff().diffWords(before, after)
    .map((part) => (part.added ? pc.green(`{+${part.value}+}`) : part.removed ? pc.red(`[-${part.value}-]`) : part.value))
    .join('');
}

export function formatImproveText(result: ImproveResult): string {
  const lines = [`split (seed ${result.split.seed}, ${Math.round(result.split.fraction * 100)}% train, stratified by expected tool): ${result.split.train.length} train, ${result.split.heldOut.length} held-out`];
  lines.push(`  held-out: ${result.split.heldOut.join(', ')}`);
  lines.push(`  counted: ${result.power.counted.why}`);
  lines.push(`  ${result.power.tooSmall ? pc.yellow(result.power.statement) : result.power.statement}`);
  if (result.steps.length === 0) lines.push('', 'no rewording was proved on the held-out queries (no interval excluded zero); nothing to apply');
  for (const s of result.steps) {
    lines.push('', pc.bold(`iteration ${s.iteration}: ${s.tool}, ${s.candidate} (${s.summary})`));
    for (const c of s.changes) lines.push(`  ${c.tool}: ${markChanges(c.old, c.new)}`);
    lines.push(`  train: ${acc(s.train.before)} -> ${acc(s.train.after)}${s.crossFitted ? `; cross-fitted (built without the requests it is scored on): ${pct(s.crossFitted.before)} -> ${pct(s.crossFitted.after)}` : ''}`);
    lines.push(`  held-out: ${acc(s.heldOut.before)} -> ${acc(s.heldOut.after)}; ${intervalText(s.heldOut)}: excludes zero; McNemar p = ${s.heldOut.mcnemarP.toFixed(3)}`);
    const own = s.toolHeldOut;
    lines.push(`  ${s.tool}'s own held-out cases: ${intervalText(own)}; none went from pass to fail`);
    if (s.heldOut.flipped.length) lines.push(`  flipped on held-out: ${s.heldOut.flipped.join(', ')}`);
  }
  if (result.refused.length) {
    lines.push('', 'refused (not applied):');
    for (const r of result.refused) {
      const interval = r.heldOut && r.rule !== 'interval-includes-zero' ? ` [held-out ${intervalText(r.heldOut)}]` : '';
      lines.push(`  iteration ${r.iteration}, ${r.tool}, ${r.candidate}: ${r.rule}: ${r.reason}${interval}`);
    }
  }
  return lines.join('\n');
}
