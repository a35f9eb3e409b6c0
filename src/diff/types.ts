/**
 * The diff's data, in three layers as in oasdiff: the structural diff produces `Delta`s (what
 * differs, where), checks classify each delta into `Change`s (which kind of change, how severe),
 * and formatters render a `DiffResult`. Everything here is plain data, so reporters can re-render it.
 */
import type { Interval } from '../report/result-core.ts';
import type { ToolDefinition } from '../types.ts';

/** breaking: an old valid call or reliance now fails; retest: selection or meaning may move; safe: compatible. */
export type Level = 'breaking' | 'retest' | 'safe';

export const LEVELS: readonly Level[] = ['breaking', 'retest', 'safe'];

/** `info` fails on any reported change, safe ones included. */
export type FailOn = 'breaking' | 'retest' | 'info';

/** The schema side a delta is on: inputSchema is the request side, outputSchema the response side. */
export type SchemaSide = 'input' | 'output';

export type DeltaKind =
  | 'tool-added'
  | 'tool-removed'
  | 'tool-renamed'
  | 'tool-description'
  | 'tool-title'
  | 'tool-annotation'
  | 'tool-deprecation'
  | 'tool-field'
  | 'schema-added'
  | 'schema-removed'
  | 'property-added'
  | 'property-removed'
  | 'property-required'
  | 'keyword'
  // Old calls the new input schema rejects that no other delta explains (counterexample.ts).
  | 'calls-rejected'
  // Resources, resource templates, prompts, capabilities and instructions (surface-deltas.ts).
  | SurfaceDeltaKind;

/** Deltas outside the tools: `tool` then names the item as `prompt:NAME`, `resource:URI`, `template:URI`, `capabilities` or `instructions`. */
export type SurfaceDeltaKind =
  | 'prompt-added'
  | 'prompt-removed'
  | 'prompt-renamed'
  | 'prompt-field'
  | 'prompt-argument-added'
  | 'prompt-argument-removed'
  | 'prompt-argument-required'
  | 'resource-added'
  | 'resource-removed'
  | 'resource-field'
  | 'capability-added'
  | 'capability-removed'
  | 'instructions-changed';

/** One structural difference between an old and a new tool, before classification. */
export interface Delta {
  kind: DeltaKind;
  /** The tool's name (the new name for a rename). */
  tool: string;
  server?: string;
  /** Where, relative to the tool: `inputSchema.properties.limit.maximum`. */
  path: string;
  side?: SchemaSide;
  /** The property path, dotted: `filters.year`; `[]` stands for array items. */
  param?: string;
  /** The keyword or field that differs: `maximum`, `readOnlyHint`, `execution`. */
  keyword?: string;
  /** Effective values (defaults filled in); undefined means absent. */
  before?: unknown;
  after?: unknown;
  oldTool?: ToolDefinition;
  newTool?: ToolDefinition;
  /** The property schema on each side (for property deltas) and the parent object schema. */
  oldNode?: Record<string, unknown>;
  newNode?: Record<string, unknown>;
  oldParent?: Record<string, unknown>;
  newParent?: Record<string, unknown>;
  /** For a rename: why the two tools are thought to be one. */
  basis?: string;
  /** Where in a call the delta is, step by step (property names kept whole, so `a.b` is one name). */
  steps?: PathStep[];
  /** For `calls-rejected`: the old call the new schema rejects. */
  counterexample?: Counterexample;
}

/** One step from a call down to a value: a named property, an array item, or an undeclared property. */
export type PathStep = { property: string } | { item: true } | { extra: true };

/**
 * A concrete call, valid under the old input schema (checked with Ajv), that shows a breaking change:
 * the new schema rejects it (`rejected`, with Ajv's reason), or accepts it while a parameter it sends
 * is gone (`ignored`).
 */
export interface Counterexample {
  call: unknown;
  effect: 'rejected' | 'ignored';
  /** Ajv's reason for the rejection, with its JSON pointer: `/freshness must match pattern "^\\d{4}"`. */
  reason?: string;
}

/** The generated calls behind a compatible verdict: valid under the old schema, all accepted by the new. */
export interface CallEvidence {
  calls: number;
  seed: number;
}

/** What every check may look at besides the delta. */
export interface CheckContext {
  oldTools: readonly ToolDefinition[];
  newTools: readonly ToolDefinition[];
  /** "Today", for sunsets and baseline expiry. */
  now: Date;
}

/** One change kind: a stable id (equal to its file name), a level, and a test over one delta. */
export interface DiffCheck {
  id: string;
  level: Level;
  /** One line for the README table. */
  description: string;
  /** Delta kinds this check looks at. */
  kinds: readonly DeltaKind[];
  /** A fallback runs only on deltas no other check matched, so no difference goes unreported. */
  fallback?: boolean;
  /**
   * On the input side, the level is decided by calls: breaking when an old-valid call is rejected
   * (with that call as counterexample), else `level`. Checks without it keep their level; a breaking
   * one without a counterexample is downgraded to retest (by-calls.ts).
   */
  decidedByCalls?: boolean;
  /** The message when the delta is this kind of change, else null. */
  check(delta: Delta, context: CheckContext): string | null;
}

/** A classified change: the unit the gate, the baseline and the reporters work on. */
export interface Change {
  tool: string;
  server?: string;
  check: string;
  level: Level;
  path: string;
  message: string;
  /** Set when a baseline entry accepts this change. */
  accepted?: { reason: string; expires: string };
  /** Both wordings, for description and title changes. */
  before?: string;
  after?: string;
  /** Breaking input-schema changes: the old call that shows it. */
  counterexample?: Counterexample;
  /** Compatible input-schema changes: how many generated old calls the new schema still accepts. */
  evidence?: CallEvidence;
}

export interface FlippedQuery {
  id: string;
  suite: string;
  query: string;
  expected: string;
  direction: 'pass->fail' | 'fail->pass';
  oldChoice: string;
  newChoice: string;
  oldPassRate: number;
  newPassRate: number;
}

export type AbVerdict = 'regressed' | 'improved' | 'no detectable change' | 'not enough data';

export interface AbResult {
  suite: string;
  model: string;
  repeat: number;
  /** Queries compared (each query's outcome is the majority over its repeats). */
  queries: number;
  /** Queries left out because an attempt errored on either side (no evidence about wording). */
  excluded: number;
  oldAccuracy: number;
  newAccuracy: number;
  /** new - old, with Newcombe's 95% interval for paired proportions. */
  difference: number;
  interval: Interval;
  /** Exact McNemar two-sided p-value over the discordant pairs. */
  mcnemarP: number;
  /** Discordant pairs: pass->fail and fail->pass. */
  worse: number;
  better: number;
  /** The largest drop that "no detectable change" must rule out. */
  margin: number;
  verdict: AbVerdict;
  flipped: FlippedQuery[];
  /** Set when a baseline entry accepts a failing verdict. */
  accepted?: { reason: string; expires: string };
  /** How the sequential A/B spent its budget (docs/statistics.md). */
  sequential?: AbSequential;
}

/** The sequential A/B's spending: calls, looks, why it stopped, and the plan printed before it. */
export interface AbSequential {
  budget: number;
  calls: number;
  looks: number;
  plannedLooks: number;
  /** Identical answers to every query on the first repeats: the estimate is exact, nothing repeated. */
  deterministic: boolean;
  stopped: 'decided' | 'deterministic' | 'budget';
  /** Standard error of the accuracy change; null when it could not be estimated. */
  standardError: number | null;
  plan: {
    queries: number;
    budget: number;
    looks: number;
    firstRepeats: number;
    repeatsBought: number;
    detectableDrop: number;
    deterministicCalls: number;
    zEarly: number;
    zFinal: number;
  };
}

export interface BaselineIssue {
  finding: string;
  problem: 'stale' | 'expired';
  message: string;
}

/** A change after the gate: `failing` is the gate's decision (gate.ts), which every reporter reads. */
export type GatedChange = Change & { failing: boolean };
/** An A/B result after the gate, stamped the same way. */
export type GatedAbResult = AbResult & { failing: boolean };

/** The `diff` section of the result model. */
export interface DiffResult {
  old: string;
  new: string;
  failOn: FailOn;
  changes: GatedChange[];
  counts: Record<Level, number>;
  ab: GatedAbResult[];
  baseline?: { file: string; issues: BaselineIssue[] };
  /** With `--require-semver`: one check per server pair; a check that does not pass fails the gate. */
  versions?: VersionCheck[];
  gate: { pass: boolean; reasons: string[] };
}

/** How a version moved: by its first differing core number, or `prerelease` (a prerelease released or re-cut with the same numbers). */
export type VersionBump = 'major' | 'minor' | 'patch' | 'none' | 'prerelease' | 'downgrade';

/** `--require-semver`'s finding for one server: the bump its breaking changes need and the one it got. */
export interface VersionCheck {
  server?: string;
  /** `serverInfo.version` on each side, when recorded. */
  old?: string;
  new?: string;
  /** `major` for a breaking change (`minor` below 1.0.0), else `none`. */
  required: 'major' | 'minor' | 'none';
  /** Null when a version is missing or not semantic. */
  actual: VersionBump | null;
  /** The breaking changes that need the bump, as `tool:check`. */
  breaking: string[];
  pass: boolean;
  message: string;
}
