/**
 * The rule framework shared by tool lint and skill lint (ESLint / Spectral style): one rule, one
 * file, its id equal to the file name; the rule carries its metadata beside a pure check.
 */
export type Severity = 'error' | 'warn' | 'info' | 'off';
export type ActiveSeverity = Exclude<Severity, 'off'>;

export const SEVERITY_RANK: Record<Severity, number> = { off: 0, info: 1, warn: 2, error: 3 };

export interface Finding {
  ruleId: string;
  severity: ActiveSeverity;
  /** The tool or skill the finding is about; absent for findings about the whole set. */
  target?: string;
  /** JSON path inside the target, e.g. `$.inputSchema.properties.limit`. */
  path: string;
  message: string;
  /** For skills and tool files: the file the finding is in. */
  file?: string;
  /** For tool lint of live servers: the server that listed the target. */
  server?: string;
  line?: number;
}

/** What a check returns: a finding without the rule id and severity, which the runner fills in. */
export type RawFinding = Omit<Finding, 'ruleId' | 'severity'>;

export interface RuleMeta {
  /** kebab-case, stable, never renamed; equal to the rule's file name. */
  id: string;
  /** What the rule applies to: prompt rules and resource rules (resources and templates) lint a server's surface besides tools. */
  kind: 'tool' | 'skill' | 'prompt' | 'resource';
  defaultSeverity: Severity;
  /** One line, shown in the README rule list and SARIF help. */
  description: string;
  /** Which spec section the rule enforces, e.g. `10.2`. */
  spec?: string;
}

/** A rule over a whole set of targets (tools of a server, skills of a folder). */
export interface LintRule<Target, Context = undefined> extends RuleMeta {
  check(targets: readonly Target[], context: Context): RawFinding[];
}

export interface LintSummary {
  error: number;
  warn: number;
  info: number;
}

export interface LintReport {
  profile: string;
  /** Which rules ran, with their effective severity (for SARIF and docs). */
  rules: Array<RuleMeta & { severity: Severity }>;
  findings: Finding[];
  summary: LintSummary;
}
