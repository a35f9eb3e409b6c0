/**
 * The text rendering of a diff result: changes grouped by level, the A/B with its flipped queries,
 * baseline issues and the gate. Colours by picocolors (off when not a TTY or NO_COLOR is set).
 */
import pc from 'picocolors';
import type { ToolvetResult } from '../report/model.ts';
import { pct, signed } from './gate.ts';
import type { AbResult, DiffResult, GatedAbResult, GatedChange, Level } from './types.ts';
import { sanitizeLine as one } from '../safety/terminal.ts';

const COLOUR: Record<Level, (s: string) => string> = { breaking: pc.red, retest: pc.yellow, safe: pc.green };

export function formatDiffText(result: ToolvetResult): string {
  const diff = result.diff;
  if (!diff) return 'no diff section in this result';
  const lines: string[] = [];
  lines.push(pc.bold(`toolvet diff ${diff.old} -> ${diff.new}`));
  lines.push(`  ${countsLine(diff)} (fail on: ${diff.failOn})`);
  for (const level of ['breaking', 'retest', 'safe'] as const) {
    const changes = diff.changes.filter((c) => c.level === level);
    if (changes.length === 0) continue;
    lines.push('', COLOUR[level](pc.bold(level.toUpperCase())));
    for (const c of changes) lines.push(...changeLines(c));
  }
  if (diff.changes.length === 0) lines.push('', '  no changes');
  for (const ab of diff.ab) lines.push('', ...abLines(ab));
  for (const issue of diff.baseline?.issues ?? []) lines.push('', pc.yellow(`baseline ${issue.problem}: ${issue.message}`));
  for (const v of diff.versions ?? []) lines.push('', `semver ${v.pass ? pc.green('ok') : pc.red('FAIL')}: ${v.message}`);
  for (const w of result.warnings) lines.push('', pc.yellow(`warning ${w.code}: ${w.message}`));
  const status = result.verdict.status;
  lines.push('', pc.bold(`gate: ${status === 'pass' ? pc.green('PASS') : status === 'fail' ? pc.red('FAIL') : pc.red('ERROR')}`));
  for (const reason of result.verdict.reasons) lines.push(`  - ${reason}`);
  return lines.join('\n');
}

export function countsLine(diff: DiffResult): string {
  const accepted = diff.changes.filter((c) => c.accepted).length;
  return `${diff.counts.breaking} breaking, ${diff.counts.retest} retest, ${diff.counts.safe} safe${accepted ? `, ${accepted} accepted by the baseline` : ''}`;
}

function changeLines(c: GatedChange): string[] {
  const where = `${c.server ? `${c.server}/` : ''}${c.tool}`;
  const accepted = c.accepted ? pc.dim(` [accepted until ${c.accepted.expires}: ${c.accepted.reason}]`) : '';
  // The gate's stamp, not a second reading of the level: `--fail-on retest` marks retest changes too.
  const fails = c.failing ? pc.red(' [fails the gate]') : '';
  return [`  ${pc.bold(one(where))}  ${pc.cyan(c.check)}  ${pc.dim(one(c.path || '(tool)'))}${fails}${accepted}`, `    ${one(c.message)}`];
}

export function abHeadline(ab: AbResult): string {
  return `${pct(ab.oldAccuracy)} -> ${pct(ab.newAccuracy)}, difference ${signed(ab.difference)} (${ab.sequential ? 'interval at the last look' : '95% CI'} ${signed(ab.interval.low)} to ${signed(ab.interval.high)}), exact McNemar p = ${ab.mcnemarP.toPrecision(3)}`;
}

function abLines(ab: GatedAbResult): string[] {
  const colour = ab.failing ? pc.red : ab.verdict === 'improved' ? pc.green : (s: string) => s;
  const lines = [
    pc.bold(`A/B of descriptions: ${ab.suite} (model ${ab.model}, ${ab.queries} queries x ${ab.repeat})`),
    `  ${abHeadline(ab)}`,
    `  verdict: ${colour(ab.verdict)}${ab.accepted ? pc.dim(` [accepted until ${ab.accepted.expires}]`) : ''}`,
  ];
  const seq = ab.sequential;
  if (seq) {
    const why = seq.stopped === 'deterministic' ? 'deterministic model: identical answers on the first repeats, so the change is exact' : seq.stopped === 'decided' ? `decided at look ${seq.looks} of ${seq.plannedLooks}` : `budget spent after ${seq.looks} look(s) without a decision; raise --budget (the plan above says what it buys)`;
    lines.push(`  sequential: ${seq.calls} of ${seq.budget} model calls; ${why}; interval on per-query pass rates (margin ${signed(-ab.margin)})`);
  }
  if (ab.excluded) lines.push(`  ${ab.excluded} query(ies) errored and were left out`);
  if (ab.flipped.length) lines.push(`  flipped (${ab.worse} pass->fail, ${ab.better} fail->pass):`);
  for (const f of ab.flipped) {
    const mark = f.direction === 'pass->fail' ? pc.red('-') : pc.green('+');
    lines.push(`   ${mark} ${f.id}: "${f.query}" expects ${f.expected}; old chose ${f.oldChoice}, new chooses ${f.newChoice}`);
  }
  return lines;
}
