/**
 * JUnit test cases for the result's sections beyond eval: one per lint finding, diff change, A/B
 * query set, skill trigger case, probed tool and benchmark task. What fails the gate is a failure;
 * the rest pass with their message in system-out, so CI still lists them.
 */
import { surfaceRows } from './probe-surface-rows.ts';
import type { ToolvetResult } from './model.ts';
import { pct } from './text.ts';
import { clipText } from '../safety/clip.ts';
import { describePair } from '../run/model-pairs.ts';

export interface JUnitCase {
  name: string;
  classname: string;
  timeMs?: number;
  failure?: { message: string; type: string; body: string };
  error?: { message: string; type: string; body: string };
  skipped?: string;
  output?: string;
}

export interface JUnitSuite {
  name: string;
  cases: JUnitCase[];
}

export function sectionSuites(result: ToolvetResult): JUnitSuite[] {
  const suites: JUnitSuite[] = [];
  const lint = result.lint;
  if (lint) {
    const failing = new Set(lint.failOn === 'info' ? ['error', 'warn', 'info'] : lint.failOn === 'warn' ? ['error', 'warn'] : ['error']);
    suites.push({
      name: `lint (${lint.profile})`,
      cases: lint.findings.map((f) => {
        const subject = [f.server, f.target].filter(Boolean).join('/') || '(set)';
        const c: JUnitCase = { name: `${f.ruleId}: ${subject} ${f.path}`, classname: `toolvet.lint.${f.ruleId}`, output: `${f.severity}: ${f.message}` };
        if (failing.has(f.severity)) c.failure = { message: f.message, type: f.severity, body: `${f.severity} ${f.ruleId} at ${subject} ${f.path}${f.file ? `\nfile: ${f.file}${f.line ? `:${f.line}` : ''}` : ''}` };
        return c;
      }),
    });
  }
  const diff = result.diff;
  if (diff) {
    const cases: JUnitCase[] = diff.changes.map((ch) => {
      const c: JUnitCase = { name: `${ch.level} ${ch.server ? `${ch.server}/` : ''}${ch.tool}: ${ch.check} ${ch.path}`.trim(), classname: `toolvet.diff.${ch.level}`, output: ch.message };
      // The gate decided what fails (diff/gate.ts); JUnit only reads its stamp.
      if (ch.failing) c.failure = { message: ch.message, type: ch.check, body: `${ch.level} change at ${ch.tool} ${ch.path}` };
      return c;
    });
    for (const ab of diff.ab) {
      const body = [`old ${pct(ab.oldAccuracy)} -> new ${pct(ab.newAccuracy)}, McNemar p = ${ab.mcnemarP.toPrecision(3)}`, ...ab.flipped.map((f) => `${f.direction} ${f.id}: "${f.query}" old ${f.oldChoice}, new ${f.newChoice}`)].join('\n');
      const c: JUnitCase = { name: `A/B ${ab.suite}: ${ab.verdict}`, classname: 'toolvet.diff.ab', output: body };
      if (ab.failing) c.failure = { message: `selection ${ab.verdict}: ${ab.worse} query(ies) flipped to fail`, type: ab.verdict, body };
      cases.push(c);
    }
    suites.push({ name: 'diff', cases });
  }
  const trigger = result.skills?.trigger;
  if (trigger) {
    suites.push({
      name: 'skills trigger',
      cases: trigger.cases.map((t) => {
        const c: JUnitCase = { name: `${t.skill}/${t.id}: ${clipText(t.query, 80, { ellipsis: '' })}`, classname: `toolvet.skills.${t.skill}`, output: `trigger rate ${pct(t.triggerRate)}; loads: ${t.loads.join(', ')}` };
        if (t.state === 'failed') c.failure = { message: t.reason, type: 'trigger', body: `should trigger: ${t.shouldTrigger}; loads: ${t.loads.join(', ')}` };
        else if (t.state === 'errored') c.error = { message: t.reason, type: t.errors[0]?.code ?? 'errored', body: t.errors.map((e) => `${e.code}: ${e.message}`).join('\n') };
        return c;
      }),
    });
  }
  const probe = result.probe;
  if (probe) {
    suites.push({
      name: 'probe',
      cases: probe.servers.flatMap((p) =>
        p.toolProbes.map((t) => {
          const detail = t.probes.map((x) => `${x.kind}: ${x.shape}: ${x.detail}`).join('\n');
          const c: JUnitCase = { name: `${p.server}/${t.tool}`, classname: `toolvet.probe.${p.server}`, output: detail };
          if (t.state === 'skipped') c.skipped = t.skipReason ?? 'skipped';
          else if (t.status === 'fail') c.failure = { message: `${t.tool} does not fail in a structured way`, type: 'probe', body: detail };
          return c;
        }),
      ).concat(
        probe.servers.flatMap(surfaceRows).map((r) => {
          const c: JUnitCase = { name: `${r.server}/${r.check}: ${r.name}`, classname: `toolvet.probe.${r.server}`, output: r.detail };
          if (r.status === 'skip') c.skipped = r.detail;
          else if (r.status === 'fail') c.failure = { message: r.detail, type: 'probe', body: r.detail };
          return c;
        }),
      ),
    });
  }
  const bench = result.bench;
  if (bench) {
    suites.push({
      name: 'bench',
      cases: bench.tasks.map((t) => {
        const c: JUnitCase = { name: `${t.server} ${t.task}`, classname: `toolvet.bench.${t.server}`, timeMs: t.meanMs ?? 0, output: `mean ${t.meanMs?.toFixed(2) ?? '-'} ms${t.ratio !== undefined ? `, ${t.ratio.toFixed(2)}x baseline` : ''}` };
        if (t.flagged) c.failure = { message: `slower than the baseline: ${t.ratio?.toFixed(2)}x`, type: 'slowdown', body: c.output ?? '' };
        else if (t.state === 'errored') c.error = { message: t.reason ?? t.error?.message ?? 'errored', type: t.error?.code ?? 'errored', body: '' };
        else if (t.state === 'skipped') c.skipped = t.reason ?? 'skipped';
        return c;
      }),
    });
  }
  if (result.models) suites.push(modelMatrixSuite(result.models));
  if (result.loading) suites.push(loadingSuite(result.loading));
  return suites;
}

/** `eval --loading both`: a case per loading and one per query set's A/B, passing (it measures), the figures in system-out. */
function loadingSuite(l: NonNullable<ToolvetResult['loading']>): JUnitSuite {
  const cases: JUnitCase[] = l.sides.map((s) => ({
    name: `loading ${s.loading}`,
    classname: 'toolvet.loading',
    output: `accuracy ${pct(s.summary.accuracy)} (${pct(s.summary.interval.low)} - ${pct(s.summary.interval.high)}), ${s.summary.passed}/${s.summary.cases} passed; tool list ~${s.toolTokensPerRequest} tokens per request (estimated), ${s.requestsPerAttempt.toFixed(2)} requests per case`,
  }));
  for (const ab of l.ab) cases.push({ name: `${ab.suite}: every tool vs tool search`, classname: 'toolvet.loading.ab', output: `${pct(ab.oldAccuracy)} -> ${pct(ab.newAccuracy)}, ${ab.verdict}, McNemar p = ${ab.mcnemarP.toPrecision(2)}, ${ab.queries} cases` });
  return { name: 'loading', cases };
}

/** `eval --models`: a case per model (failing as its own gate does) and a passing case per pair, its verdict in system-out. */
function modelMatrixSuite(m: NonNullable<ToolvetResult['models']>): JUnitSuite {
  const cases: JUnitCase[] = m.models.map((e) => {
    const c: JUnitCase = { name: `model ${e.model}`, classname: 'toolvet.models', output: `accuracy ${pct(e.summary.accuracy)} (${pct(e.summary.interval.low)} - ${pct(e.summary.interval.high)}), ${e.summary.passed}/${e.summary.cases} passed` };
    const body = e.verdict.reasons.join('\n');
    if (e.verdict.status === 'fail') c.failure = { message: e.verdict.reasons[0] ?? 'gate failed', type: 'gate', body };
    if (e.verdict.status === 'error') c.error = { message: e.verdict.reasons[0] ?? 'run errored', type: 'error', body };
    return c;
  });
  for (const p of m.pairs) cases.push({ name: `${p.a} vs ${p.b}`, classname: 'toolvet.models.pair', output: describePair(p) });
  cases.push({ name: 'recommendation', classname: 'toolvet.models', output: m.recommendation });
  return { name: 'models', cases };
}
