/** The text report of `toolvet improve`: the split, each accepted rewording with its evidence, and what was refused. */
import { lazyRequire } from '../lazy-require.ts';
import pc from 'picocolors';
import type { Accuracy, ImproveResult } from './improve.ts';

const diff = lazyRequire<typeof import('diff')>('diff');

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
const acc = (a: Accuracy): string => `${pct(a.accuracy)} (95% ${pct(a.interval.low)}-${pct(a.interval.high)})`;
const signed = (x: number): string => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)} points`;

/** Old and new text with the removed words in [-...-] and the added ones in {+...+}. */
export function markChanges(before: string, after: string): string {
  return diff().diffWords(before, after)
    .map((part) => (part.added ? pc.green(`{+${part.value}+}`) : part.removed ? pc.red(`[-${part.value}-]`) : part.value))
    .join('');
}

export function formatImproveText(result: ImproveResult): string {
  const lines = [`split (seed ${result.split.seed}, ${Math.round(result.split.fraction * 100)}% train, stratified by expected tool): ${result.split.train.length} train, ${result.split.heldOut.length} held-out`];
  lines.push(`  held-out: ${result.split.heldOut.join(', ')}`);
  if (result.steps.length === 0) lines.push('', 'no rewording was confirmed on the held-out queries; nothing to apply');
  for (const s of result.steps) {
    lines.push('', pc.bold(`iteration ${s.iteration}: ${s.tool}, ${s.candidate} (${s.summary})`));
    for (const c of s.changes) lines.push(`  ${c.tool}: ${markChanges(c.old, c.new)}`);
    lines.push(`  train: ${acc(s.train.before)} -> ${acc(s.train.after)}${s.crossFitted ? `; cross-fitted (built without the requests it is scored on): ${pct(s.crossFitted.before)} -> ${pct(s.crossFitted.after)}` : ''}`);
    lines.push(`  held-out: ${acc(s.heldOut.before)} -> ${acc(s.heldOut.after)}; paired change ${signed(s.heldOut.difference)} (interval ${signed(s.heldOut.interval.low)} to ${signed(s.heldOut.interval.high)}): ${s.heldOut.verdict}`);
    lines.push(`  the held-out queries as a sample of users' queries: Newcombe interval ${signed(s.heldOutQueries.interval.low)} to ${signed(s.heldOutQueries.interval.high)}, McNemar p = ${s.heldOutQueries.mcnemarP.toFixed(3)}`);
    const own = s.toolHeldOut;
    lines.push(`  ${s.tool}'s own held-out cases: ${own.before}/${own.cases} -> ${own.after}/${own.cases} passed; paired change ${signed(own.difference)} (interval ${signed(own.abInterval.low)} to ${signed(own.abInterval.high)}): ${own.verdict}`);
    lines.push(`    as a sample of the queries users write for ${s.tool}: Newcombe interval ${signed(own.interval.low)} to ${signed(own.interval.high)}, McNemar p = ${own.mcnemarP.toFixed(3)}`);
    if (s.flipped.length) lines.push(`  flipped on held-out: ${s.flipped.join(', ')}`);
  }
  if (result.refused.length) {
    lines.push('', 'refused (not applied):');
    for (const r of result.refused) lines.push(`  iteration ${r.iteration}, ${r.tool}, ${r.candidate}: ${r.reason}`);
  }
  return lines.join('\n');
}
