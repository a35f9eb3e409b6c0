/**
 * The generic lint runner shared by tool lint and skill lint: effective severities (rule default,
 * then the profile's preset, then per-rule overrides), running each rule's pure check, a stable sort
 * of findings, the summary and the `--fail-on` threshold.
 */
import { ToolvetError } from '../errors.ts';
import { compareText } from '../text-order.ts';
import {
  SEVERITY_RANK,
  type ActiveSeverity,
  type Finding,
  type LintReport,
  type LintRule,
  type LintSummary,
  type RuleMeta,
  type Severity,
} from './framework.ts';

export interface RunRulesOptions<Target, Context> {
  /** The registry: a plain map from id to rule, or a list. */
  rules: Readonly<Record<string, LintRule<Target, Context>>> | readonly LintRule<Target, Context>[];
  targets: readonly Target[];
  context: Context;
  /** Profile name, recorded in the report. */
  profile: string;
  /** The profile's preset severities by rule id; rules it does not name keep their default. */
  preset?: Readonly<Record<string, Severity>>;
  /** Per-rule overrides from the config file; they win over the preset. */
  overrides?: Readonly<Record<string, Severity>>;
  /** Filled into findings that carry no `file`. */
  file?: string;
  /** Filled into every finding (the server the targets came from). */
  server?: string;
}

/** Default, then preset, then override. */
export function effectiveSeverity(rule: RuleMeta, preset?: Readonly<Record<string, Severity>>, overrides?: Readonly<Record<string, Severity>>): Severity {
  return overrides?.[rule.id] ?? preset?.[rule.id] ?? rule.defaultSeverity;
}

export function runRules<Target, Context>(options: RunRulesOptions<Target, Context>): LintReport {
  const list = Array.isArray(options.rules) ? (options.rules as readonly LintRule<Target, Context>[]) : Object.values(options.rules);
  const rules: LintReport['rules'] = [];
  const findings: Finding[] = [];
  for (const rule of list) {
    const severity = effectiveSeverity(rule, options.preset, options.overrides);
    rules.push({ id: rule.id, kind: rule.kind, defaultSeverity: rule.defaultSeverity, description: rule.description, ...(rule.spec ? { spec: rule.spec } : {}), severity });
    if (severity === 'off') continue;
    let raw;
    try {
      raw = rule.check(options.targets, options.context);
    } catch (error) {
      // A rule is a pure function over plain data; throwing is a bug in the rule, not in the input.
      throw new ToolvetError('E_INTERNAL', `lint rule "${rule.id}" failed: ${(error as Error).message}`, {
        hint: 'this is a Toolvet bug; turn the rule off in the lint config ("rules": {"' + rule.id + '": "off"}) and report it',
        cause: error,
      });
    }
    for (const f of raw) {
      const finding: Finding = { ruleId: rule.id, severity, ...f };
      if (finding.file === undefined && options.file !== undefined) finding.file = options.file;
      if (finding.server === undefined && options.server !== undefined) finding.server = options.server;
      findings.push(finding);
    }
  }
  return { profile: options.profile, rules, findings: sortFindings(findings), summary: summariseFindings(findings) };
}

/** By server, then target (set-level findings first), then severity (worst first), rule id, path. */
export function sortFindings(findings: readonly Finding[]): Finding[] {
  // Thousands of findings share a few thousand targets and a few dozen rule ids and paths: each distinct
  // string is placed once by the collator, and findings are compared by those places (the same order as
  // comparing the strings, collator-equal strings sharing a place). Messages, compared last and rarely,
  // go to the collator directly; equal strings skip it.
  const cmp = (a?: string, b?: string): number => (a === b ? 0 : compareText(a ?? '', b ?? ''));
  const server = textRanks(findings, (f) => f.server);
  const file = textRanks(findings, (f) => f.file);
  const target = textRanks(findings, (f) => f.target);
  const ruleId = textRanks(findings, (f) => f.ruleId);
  const path = textRanks(findings, (f) => f.path);
  const keyed = findings.map((f) => ({
    f,
    key: [server.get(f.server ?? '')!, file.get(f.file ?? '')!, target.get(f.target ?? '')!, -SEVERITY_RANK[f.severity], ruleId.get(f.ruleId)!, path.get(f.path)!],
  }));
  keyed.sort((a, b) => {
    for (let k = 0; k < a.key.length; k++) if (a.key[k] !== b.key[k]) return a.key[k] - b.key[k];
    return cmp(a.f.message, b.f.message);
  });
  return keyed.map((k) => k.f);
}

/** Each distinct value's place in the collator's order (undefined as ''); values the collator holds equal share one. */
function textRanks(findings: readonly Finding[], field: (f: Finding) => string | undefined): Map<string, number> {
  const distinct = new Set<string>();
  for (const f of findings) distinct.add(field(f) ?? '');
  const ordered = [...distinct].sort(compareText);
  const ranks = new Map<string, number>();
  let rank = 0;
  for (let i = 0; i < ordered.length; i++) {
    if (i > 0 && compareText(ordered[i - 1], ordered[i]) !== 0) rank += 1;
    ranks.set(ordered[i], rank);
  }
  return ranks;
}

export function summariseFindings(findings: readonly Finding[]): LintSummary {
  const summary: LintSummary = { error: 0, warn: 0, info: 0 };
  for (const f of findings) summary[f.severity] += 1;
  return summary;
}

/** Findings at or above a severity. */
export function findingsAtLeast(findings: readonly Finding[], threshold: ActiveSeverity): Finding[] {
  return findings.filter((f) => SEVERITY_RANK[f.severity] >= SEVERITY_RANK[threshold]);
}

/** True when a finding at or above `failOn` exists: the lint gate (exit 1). */
export function failsAt(findings: readonly Finding[], failOn: ActiveSeverity): boolean {
  return findingsAtLeast(findings, failOn).length > 0;
}

/** Merges reports from several runs (one per server, say) into one, keeping the order and rule list of the first. */
export function mergeReports(reports: readonly LintReport[], profile: string): LintReport {
  // Every report's findings come sorted (runRules, mergeReports): one report is already in order.
  const findings = reports.length === 1 ? [...reports[0].findings] : sortFindings(reports.flatMap((r) => r.findings));
  const rules = reports[0]?.rules ?? [];
  return { profile, rules, findings, summary: summariseFindings(findings) };
}
