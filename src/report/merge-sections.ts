/**
 * Merging the optional sections (lint, diff, bench, skills, probe): lists are concatenated and
 * counts recomputed from them; a section absent from every part stays absent.
 */
import type { DiffResult, Level } from '../diff/types.ts';
import type { ToolLintResult } from '../lint/lint-tools.ts';
import type { ProbeReport } from '../probe/types.ts';
import type { SkillsResult, TriggerEvalResult } from '../skills/result-types.ts';
import { triggerStats } from '../skills/trigger-metrics.ts';
import type { BenchSection, ToolvetResult } from './model.ts';

type Sections = Pick<ToolvetResult, 'bench' | 'diff' | 'lint' | 'skills' | 'probe'>;

const joined = (values: Array<string | undefined>): string => [...new Set(values.filter((v): v is string => v !== undefined))].join(', ');

function mergeBench(parts: BenchSection[]): BenchSection {
  const baselineFile = joined(parts.map((p) => p.baselineFile));
  return { ...parts[0], tasks: parts.flatMap((p) => p.tasks), ...(baselineFile ? { baselineFile } : {}) };
}

function mergeDiff(parts: DiffResult[]): DiffResult {
  const changes = parts.flatMap((p) => p.changes);
  const counts: Record<Level, number> = { breaking: 0, retest: 0, safe: 0 };
  for (const c of changes) counts[c.level] += 1;
  const baselineFile = joined(parts.map((p) => p.baseline?.file));
  return {
    old: joined(parts.map((p) => p.old)),
    new: joined(parts.map((p) => p.new)),
    failOn: parts[0].failOn,
    changes,
    counts,
    ab: parts.flatMap((p) => p.ab),
    ...(baselineFile ? { baseline: { file: baselineFile, issues: parts.flatMap((p) => p.baseline?.issues ?? []) } } : {}),
    gate: { pass: parts.every((p) => p.gate.pass), reasons: parts.flatMap((p) => p.gate.reasons) },
  };
}

function mergeLint(parts: ToolLintResult[]): ToolLintResult {
  const findings = parts.flatMap((p) => p.findings);
  const summary = { error: 0, warn: 0, info: 0 };
  for (const f of findings) summary[f.severity] += 1;
  const rules = [...new Map(parts.flatMap((p) => p.rules).map((r) => [r.id, r])).values()];
  return { ...parts[0], profile: joined(parts.map((p) => p.profile)), rules, findings, summary, failed: parts.some((p) => p.failed), sets: parts.flatMap((p) => p.sets) };
}

/** Per-skill rates and the matrices are recomputed from every part's cases by the skills code itself. */
function mergeTrigger(parts: TriggerEvalResult[]): TriggerEvalResult | undefined {
  if (parts.length === 0) return undefined;
  return triggerStats(parts.flatMap((p) => p.cases), [...new Set(parts.flatMap((p) => p.offered))], parts[0].threshold, Math.max(...parts.map((p) => p.repeat)));
}

function mergeSkills(parts: SkillsResult[]): SkillsResult {
  const d = parts.map((p) => p.discovery);
  const trigger = mergeTrigger(parts.flatMap((p) => (p.trigger ? [p.trigger] : [])));
  const behaviours = parts.flatMap((p) => (p.behaviour ? [p.behaviour] : []));
  const sum = (key: 'passed' | 'failed' | 'errored' | 'unscored' | 'nonDiscriminating') => behaviours.reduce((n, b) => n + b[key], 0);
  return {
    discovery: {
      roots: d.flatMap((x) => x.roots),
      skills: [...new Map(d.flatMap((x) => x.skills).map((s) => [`${s.scope}:${s.name}`, s])).values()],
      shadowed: d.flatMap((x) => x.shadowed),
      missing: d.flatMap((x) => x.missing),
    },
    ...(trigger ? { trigger } : {}),
    ...(behaviours.length
      ? { behaviour: { ...behaviours[0], cases: behaviours.flatMap((b) => b.cases), behaviours: behaviours.flatMap((b) => b.behaviours), passed: sum('passed'), failed: sum('failed'), errored: sum('errored'), unscored: sum('unscored'), nonDiscriminating: sum('nonDiscriminating') } }
      : {}),
  };
}

function mergeProbe(parts: ProbeReport[]): ProbeReport {
  const s = parts.map((p) => p.summary);
  const add = (key: Exclude<keyof ProbeReport['summary'], 'verdicts'>) => s.reduce((n, x) => n + x[key], 0);
  const verdicts = { ...s[0].verdicts };
  for (const x of s.slice(1)) for (const [v, n] of Object.entries(x.verdicts) as Array<[keyof typeof verdicts, number]>) verdicts[v] = (verdicts[v] ?? 0) + n;
  return {
    allowDestructive: parts.some((p) => p.allowDestructive),
    callTimeoutMs: Math.max(...parts.map((p) => p.callTimeoutMs)),
    servers: parts.flatMap((p) => p.servers),
    summary: { servers: add('servers'), toolsProbed: add('toolsProbed'), toolsSkipped: add('toolsSkipped'), pass: add('pass'), warn: add('warn'), fail: add('fail'), verdicts },
    unprobed: parts.flatMap((p) => p.unprobed),
    conforms: parts.every((p) => p.conforms),
  };
}

function pick<T>(parts: ToolvetResult[], get: (r: ToolvetResult) => T | undefined, merge: (items: T[]) => T): T | undefined {
  const items = parts.flatMap((p) => {
    const v = get(p);
    return v === undefined ? [] : [v];
  });
  return items.length === 0 ? undefined : items.length === 1 ? items[0] : merge(items);
}

export function mergeSections(parts: ToolvetResult[]): Sections {
  const out: Sections = {};
  const lint = pick(parts, (p) => p.lint, mergeLint);
  if (lint) out.lint = lint;
  const diff = pick(parts, (p) => p.diff, mergeDiff);
  if (diff) out.diff = diff;
  const bench = pick(parts, (p) => p.bench, mergeBench);
  if (bench) out.bench = bench;
  const skills = pick(parts, (p) => p.skills, mergeSkills);
  if (skills) out.skills = skills;
  const probe = pick(parts, (p) => p.probe, mergeProbe);
  if (probe) out.probe = probe;
  return out;
}
