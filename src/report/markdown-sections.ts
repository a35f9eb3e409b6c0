/**
 * The Markdown summary's sections beyond eval: breaking changes, A/B accuracy, flipped queries,
 * lint counts, skills, probe and benchmarks. Each returns undefined when its section is absent; every
 * field is escaped by `md` (markdown-kit.ts).
 */
import { surfaceRows } from './probe-surface-rows.ts';
import { code, details, joinMd, md, table, type Md } from './markdown-kit.ts';
import type { ToolvetResult } from './model.ts';
import { pct, pointsText } from './text.ts';
import { calibrationLine, judgeCostText, judgeTag } from '../judge/calibration-text.ts';

const where = (c: { server?: string; tool: string }): string => `${c.server ? `${c.server}/` : ''}${c.tool}`;

export function breakingSection(result: ToolvetResult): Md | undefined {
  const diff = result.diff;
  if (!diff) return undefined;
  // The gate stamped what fails (diff/gate.ts): with --fail-on retest, retest changes are listed here too.
  const failing = diff.changes.filter((c) => c.failing);
  const others = diff.changes.filter((c) => !c.failing);
  const head = md`#### Changes that fail the gate (${failing.length})\n\n${diff.counts.breaking} breaking, ${diff.counts.retest} retest, ${diff.counts.safe} safe: ${code(diff.old)} → ${code(diff.new)}, failing on ${diff.failOn}.`;
  const out: Md[] = [head];
  if (failing.length) out.push(table(['level', 'tool', 'check', 'where', 'what changed'], failing.map((c) => [c.level, where(c), c.check, c.path || '(tool)', c.message])));
  if (others.length) {
    const rows = others.map((c) => [c.level, where(c), c.check, c.message + (c.accepted ? ` (accepted until ${c.accepted.expires}: ${c.accepted.reason})` : '')]);
    out.push(details(md`Other changes (${others.length})`, table(['level', 'tool', 'check', 'what changed'], rows)));
  }
  for (const issue of diff.baseline?.issues ?? []) out.push(md`- baseline ${issue.problem}: ${issue.message}`);
  return joinMd(out);
}

/** A/B rows for the accuracy table: each query set on the old and the new descriptions. */
export function abSection(result: ToolvetResult): Md | undefined {
  const ab = result.diff?.ab ?? [];
  if (ab.length === 0) return undefined;
  const rows = ab.map((a) => [a.suite, `${a.queries} x ${a.repeat}`, pct(a.oldAccuracy), pct(a.newAccuracy), pointsText(a.difference), `${pointsText(a.interval.low)} to ${pointsText(a.interval.high)}`, a.verdict + (a.accepted ? ' (accepted)' : '')]);
  return md`#### Accuracy per query set, old → new descriptions\n\n${table(['query set', 'queries', 'old', 'new', 'change', 'interval of the change (sequential)', 'verdict'], rows)}`;
}

export function flippedSection(result: ToolvetResult): Md | undefined {
  const flipped = (result.diff?.ab ?? []).flatMap((a) => a.flipped);
  if (flipped.length === 0) return undefined;
  const worse = flipped.filter((f) => f.direction === 'pass->fail').length;
  const rows = flipped.map((f) => [f.direction === 'pass->fail' ? '🔻 worse' : '🔺 better', `${f.suite}/${f.id}`, f.query, f.expected, `${f.oldChoice} (${pct(f.oldPassRate, 0)})`, `${f.newChoice} (${pct(f.newPassRate, 0)})`]);
  const body = table(['', 'query', 'text', 'expected', 'old choice', 'new choice'], rows);
  const title = md`Flipped queries: ${worse} worse, ${flipped.length - worse} better`;
  return flipped.length > 5 ? md`#### Flipped queries\n\n${details(title, body)}` : md`#### ${title}\n\n${body}`;
}

export function lintSection(result: ToolvetResult): Md | undefined {
  const lint = result.lint;
  if (!lint) return undefined;
  const s = lint.summary;
  const out: Md[] = [
    md`#### Lint (${lint.profile} profile, fails on ${lint.failOn})`,
    table(['error', 'warn', 'info', 'tools linted'], [[s.error, s.warn, s.info, lint.sets.reduce((n, set) => n + set.tools, 0)]]),
  ];
  if (lint.findings.length) {
    const rows = lint.findings.map((f) => [f.severity, f.ruleId, [f.server, f.target].filter(Boolean).join('/') || '(set)', f.path, f.message]);
    out.push(details(md`Findings (${lint.findings.length})`, table(['severity', 'rule', 'tool', 'path', 'message'], rows)));
  }
  return joinMd(out);
}

export function skillsSection(result: ToolvetResult): Md | undefined {
  const skills = result.skills;
  if (!skills) return undefined;
  const out: Md[] = [md`#### Skills (${skills.discovery.skills.length} found)`];
  const trigger = skills.trigger;
  if (trigger) {
    const rows = trigger.perSkill.map((s) => [s.skill, s.positives, s.negatives, pct(s.recall), pct(s.falseTriggerRate), `${s.casesPassed}/${s.casesPassed + s.casesFailed}`]);
    out.push(md`Trigger eval: ${trigger.passed} passed, ${trigger.failed} failed, ${trigger.errored} errored (threshold ${pct(trigger.threshold, 0)} over ${trigger.repeat} runs).`);
    out.push(table(['skill', 'positives', 'negatives', 'recall', 'false triggers', 'cases passed'], rows));
  }
  const behaviour = skills.behaviour;
  if (behaviour) {
    out.push(md`Behaviour eval (judge ${behaviour.judge}): ${behaviour.passed} passed, ${behaviour.failed} failed, ${behaviour.errored} errored, ${behaviour.unscored} unscored, ${behaviour.nonDiscriminating} not discriminating.`);
    if (behaviour.judgeCost) out.push(md`${calibrationLine(behaviour.judgeCalibration, behaviour.judge)}; ${judgeCostText(behaviour.judgeCost)}.`);
    const rows = behaviour.behaviours.map((b) => [b.skill, b.caseId, b.behaviour, b.judge === 'llm' ? judgeTag(behaviour.judgeCalibration) : b.judge === 'mechanical' ? (b.form ?? 'mechanical') : b.judge, b.state, pct(b.passRate), pct(b.baselinePassRate), b.discriminates === false ? 'no' : b.discriminates === null ? '-' : 'yes']);
    if (rows.length) out.push(details(md`Behaviours (${rows.length})`, table(['skill', 'case', 'behaviour', 'judged by', 'state', 'with skill', 'without', 'discriminates'], rows)));
  }
  return joinMd(out);
}

export function probeSection(result: ToolvetResult): Md | undefined {
  const probe = result.probe;
  if (!probe) return undefined;
  const s = probe.summary;
  const rows = probe.servers.map((p) => [p.server, p.state, p.unknownTool?.shape ?? '-', p.toolProbes.filter((t) => t.state === 'probed').length, p.status]);
  const verdict = probe.unprobed.length > 0 ? `incomplete: not probed ${probe.unprobed.map((u) => u.server).join(', ')}` : probe.conforms ? 'conforms' : 'does not conform';
  const out: Md[] = [md`#### Probe: ${verdict} (${s.pass} pass, ${s.warn} warn, ${s.fail} fail)`, table(['server', 'state', 'unknown tool answer', 'tools probed', 'status'], rows)];
  const bad = probe.servers.flatMap((p) => p.toolProbes.flatMap((t) => t.probes.filter((x) => x.status === 'fail' || x.status === 'warn').map((x) => [`${p.server}/${t.tool}`, x.kind, x.property ?? '-', x.verdict, x.shape, x.status, x.detail])));
  if (bad.length) out.push(details(md`Tools that do not fail as the conventions ask (${bad.length})`, table(['tool', 'probe', 'property', 'verdict', 'shape', 'status', 'detail'], bad)));
  const surface = probe.servers.flatMap(surfaceRows).filter((r) => r.status === 'fail' || r.status === 'warn');
  if (surface.length) out.push(details(md`Structured results, resources and prompts (${surface.length})`, table(['server', 'check', 'of', 'status', 'detail'], surface.map((r) => [r.server, r.check, r.name, r.status, r.detail]))));
  const asking = probe.servers.flatMap((p) => (p.inputRequests?.asked ?? []).map((a) => [p.server, a.tool, a.requests.map((r) => r.message).join(' / '), a.requests.flatMap((r) => r.fields).join(', ') || '-', a.status, a.detail]));
  if (asking.length) out.push(details(md`Tools that ask for input (${asking.length})`, table(['server', 'tool', 'message', 'fields', 'status', 'detail'], asking)));
  return joinMd(out);
}

const ms = (x: number | undefined): string => (x === undefined ? '-' : x >= 100 ? x.toFixed(0) : x.toFixed(2));

export function benchSection(result: ToolvetResult): Md | undefined {
  const bench = result.bench;
  if (!bench) return undefined;
  const withBaseline = bench.tasks.some((t) => t.baseline);
  const rows = bench.tasks.map((t) => [
    t.server,
    t.task,
    t.state === 'completed' ? ms(t.meanMs) : t.state,
    ms(t.p99Ms),
    t.rme === undefined ? '-' : `±${t.rme.toFixed(1)}%`,
    ...(withBaseline ? [t.baseline ? ms(t.baseline.medianMs ?? t.baseline.meanMs) : '-', t.ratio === undefined ? '-' : `${t.ratio.toFixed(2)}x`, t.flagged ? '🔻 slower' : t.ratio === undefined ? '' : t.change === 'noisy' ? 'noisy' : 'ok'] : []),
  ]);
  const head = ['server', 'task', 'mean ms', 'p99 ms', 'rme', ...(withBaseline ? ['baseline p50', 'ratio', ''] : [])];
  const note = withBaseline
    ? md`Ratios of medians against ${bench.baselineFile ?? 'the baseline'}; flagged at ${bench.threshold}x${bench.minEffectMs !== undefined ? ` and ${bench.minEffectMs} ms` : ''} or more when the round medians of the two runs say so (rank test, p <= 0.01).`
    : md`No baseline given: run with ${code('--baseline FILE')} for ratios.`;
  return md`#### Benchmarks\n\n${table(head, rows)}\n\n${note}`;
}
