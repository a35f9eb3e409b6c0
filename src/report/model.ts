/**
 * The one result model every command produces and every reporter renders. A command fills the
 * sections it owns; `toolvet report FILE` re-renders any saved result. Bump RESULT_SCHEMA_VERSION
 * on any incompatible change (the JSON Schema in schema/ carries the same number).
 */
import type { ErrorInfo } from '../errors.ts';
import type { CaseResult } from '../types.ts';
import type { ToolLintResult } from '../lint/lint-tools.ts';
import type { ProbeReport } from '../probe/types.ts';
import type { SkillsResult } from '../skills/result-types.ts';
import type { AbResult, DiffResult } from '../diff/types.ts';
import type { ImproveResult } from '../improve/improve.ts';
import type { RunCost, ScenarioResult, ScenarioSummary } from '../run/scenario-types.ts';

export const RESULT_SCHEMA_VERSION = '1.2';

export type { VerdictStatus, Verdict, Interval, ToolStats, EvalSummary, SuiteSummary, Diagnostic, ServerInfo, ToolTokens } from './result-core.ts';
import type { Verdict, Interval, EvalSummary, SuiteSummary, Diagnostic, ServerInfo, ToolTokens } from './result-core.ts';

/** One benchmarked task of one server (`toolvet bench`); times in milliseconds. */
export interface BenchTaskResult {
  server: string;
  /** `cold start`, `tools/list`, `tools/call NAME` (with ` #2`... for repeated tools), `model turn`. */
  task: string;
  kind: 'cold-start' | 'tools-list' | 'tools-call' | 'model-turn';
  tool?: string;
  state: 'completed' | 'errored' | 'skipped';
  meanMs?: number;
  p50Ms?: number;
  p99Ms?: number;
  /** 1000 / meanMs. */
  opsPerSec?: number;
  samples?: number;
  /** Relative margin of error of the mean (95%), in percent. */
  rme?: number;
  /** Median of each interleaved round, in round order: their spread is the noise of the run. */
  roundMediansMs?: number[];
  /** Fastest sample of each interleaved round, in round order. */
  roundMinMs?: number[];
  /** `tools/call`: the arguments sent on every call. */
  args?: Record<string, unknown>;
  /** `tools/call`: why bench was allowed to call the tool: annotated read-only, listed in --calls, or named by --allow-tools. */
  allowedBy?: 'read-only' | 'calls' | 'allow-tools';
  /** Why the task was skipped or errored. */
  reason?: string;
  error?: ErrorInfo;
  /** The same task in the baseline, when one was given and has it. */
  baseline?: { meanMs: number; rme: number; samples: number; p50Ms?: number; medianMs?: number; roundMediansMs?: number[]; roundMinMs?: number[] };
  /** Median of the round medians / the baseline's. */
  ratio?: number;
  /** Median of the rounds' fastest samples / the baseline's. */
  fastestRatio?: number;
  /** Cold start: the ratio of medians with each round divided by the machine's reference in the same round (`node -e ""`). */
  machineRelativeRatio?: number;
  /**
   * tools/list and tools/call, when slower: the ratio of medians after each round lost up to three times the
   * machine's extra echo round-trip time in that round (src/bench/load-adjust.ts); a slowdown is flagged
   * only when this ratio is past the threshold too.
   */
  loadAdjustedRatio?: number;
  /** tools/call: how many of the timed calls returned isError (the row times the failure path). */
  errorResults?: number;
  /** Relative half-ranges of the two runs' round medians, added: 0.1 is ±10%. */
  noise?: number;
  /** Exact one-sided Mann-Whitney p-value of the change over the rounds of both runs: the larger of the medians' and the fastest samples'. */
  p?: number;
  /** Against the baseline: past the threshold and outside the noise (slower, faster), within the threshold (same), or past it but within the noise (noisy). */
  change?: 'slower' | 'faster' | 'same' | 'noisy';
  /** How much slower the machine itself was than for the baseline (its reference, `node -e ""`, in the same rounds), when it was, by the rank test; the ratios are divided by it before the threshold. */
  machineRatio?: number;
  /** change is slower: past the minimum effect AND beyond the noise measured in both runs (p at most 0.01). */
  flagged: boolean;
}

export interface BenchSection {
  /** Minimum effect: a slowdown is flagged at this ratio of medians or more (and outside the noise of the rounds). */
  threshold: number;
  /** Minimum effect in ms: medians closer than this are never flagged. */
  minEffectMs?: number;
  baselineFile?: string;
  settings: { iterations: number; timeMs: number; starts: number; rounds?: number };
  /**
   * Servers measured a second time, as many rounds again, because one of their tasks read noisy
   * against the baseline (past the minimum effect, within the noise); their rows cover both passes.
   */
  remeasured?: string[];
  /**
   * `loadAverage` at the end of the run (1, 5, 15 minutes), `loadAverageAtStart` at its start;
   * `runnable`: mean runnable tasks sampled during the run (Linux /proc/loadavg), ourselves included.
   */
  environment: { node: string; platform: string; arch: string; cpus: number; loadAverage: number[]; loadAverageAtStart?: number[]; runnable?: number };
  tasks: BenchTaskResult[];
  /** Per server, the machine's references timed in the same rounds as its tasks: starting `node -e ""`, and an echo round trip. */
  machine?: Array<{
    server: string;
    roundMediansMs: number[];
    medianMs: number;
    /** The warm reference: a byte echoed by a child process, timed in the same rounds (round medians and fastest). */
    echoRoundMediansMs?: number[];
    echoRoundMinMs?: number[];
  }>;
}

/** One size of the tool-count sweep (`eval --distractors`). */
export interface SweepPoint {
  /** Distractor tools added to each query set's own tools. */
  distractors: number;
  /** Tools the model saw (the largest query set's count). */
  tools: number;
  /**
   * Estimated tokens of the tool list one request carries at this size (the largest query set's; see
   * ToolTokens). Absent in results written before the sweep counted tokens.
   */
  toolTokens?: number;
  cases: number;
  passed: number;
  accuracy: number;
  interval: Interval;
}

export interface SweepSection {
  points: SweepPoint[];
  /** How `toolTokens` was counted: `estimate` is about four characters of tool JSON per token (see ToolTokens). */
  tokenMethod?: ToolTokens['method'];
  distractorFile?: string;
}

/** One model of `eval --models`: its scores on the shared cases. */
export interface ModelMatrixEntry {
  /** The driver id: `mock`, or `openai:NAME@URL`. */
  model: string;
  summary: EvalSummary;
  /** Its own gates (--min-accuracy and the cost gates) applied to its cases. */
  verdict: Verdict;
  errors: ErrorInfo[];
  /** Its scenarios, when the query sets have any: the counts and, when judged, the judge's cost and calibration. */
  scenarios?: ScenarioSummary;
}

/** Two models of `eval --models` paired case by case, with the statistics of the description A/B. */
export interface ModelPair {
  a: string;
  b: string;
  /** Cases both answered without an error (a case passes for a model when most of its attempts passed). */
  queries: number;
  /** Cases left out because either model errored on them or one of them lacks the case. */
  excluded: number;
  aAccuracy: number;
  bAccuracy: number;
  /** aAccuracy - bAccuracy over the paired cases. */
  difference: number;
  /** Newcombe's 95% interval of the difference (a - b). */
  interval: Interval;
  /** Exact McNemar p-value of the discordant cases. */
  mcnemarP: number;
  /** Cases only a passed; cases only b passed. */
  aOnly: number;
  bOnly: number;
  /** mcnemarP below alpha. */
  significant: boolean;
  /** The more accurate model when the difference is significant; null when the data cannot separate them. */
  better: string | null;
}

/** One side of `eval --loading both`: every tool in every request, or deferred loading through a search tool. */
export interface LoadingSide {
  loading: 'all' | 'search';
  summary: EvalSummary;
  /** Mean estimated tokens of the tool list per model request. */
  toolTokensPerRequest: number;
  /** The largest tool list one request carried, estimated. */
  largestRequest: number;
  /** Model requests per attempt (1 with every tool loaded; the searches and the answer under deferred loading). */
  requestsPerAttempt: number;
  errors: ErrorInfo[];
  /** The scenarios under this loading, when the query sets have any: the counts and, when judged, the judge's cost and calibration. */
  scenarios?: ScenarioSummary;
}

/** `eval --loading both`: the same cases with every tool loaded and with deferred loading, paired by the description A/B's statistics. */
export interface LoadingSection {
  /** `all` first, then `search`. */
  sides: LoadingSide[];
  /** Per query set: old is `all`, new is `search` (so a negative difference is what deferred loading costs in accuracy). */
  ab: AbResult[];
  /** Tools one search loads at most. */
  searchLimit: number;
  /** How the tokens were counted (see ToolTokens). */
  tokenMethod: ToolTokens['method'];
}

/** `eval --models`: every model scored on the same cases, each pair compared. */
export interface ModelMatrixSection {
  /** Significance level of the pairwise tests. */
  alpha: number;
  models: ModelMatrixEntry[];
  pairs: ModelPair[];
  /** One line: which model to use, or that the data cannot separate the leaders. */
  recommendation: string;
}

export interface ToolvetResult {
  schemaVersion: typeof RESULT_SCHEMA_VERSION;
  generator: { name: 'toolvet'; version: string };
  command: string;
  startedAt: string;
  finishedAt: string;
  /** False when the run was interrupted or stopped early; finished results are still here. */
  complete: boolean;
  verdict: Verdict;
  model?: string;
  servers?: ServerInfo[];
  /** Eval totals over every suite; the shape `--json` promises. */
  summary?: EvalSummary;
  suites?: SuiteSummary[];
  cases?: CaseResult[];
  /** Multi-turn scenarios (eval): every trajectory and its checks. */
  scenarios?: ScenarioResult[];
  scenarioSummary?: ScenarioSummary;
  /** Tokens, latency (model and tools) and estimated cost of the cases and scenarios. */
  cost?: RunCost;
  /** `eval`: what the tool list costs in every request. */
  toolTokens?: ToolTokens;
  /** `eval --distractors`: accuracy against the number of tools the model saw. */
  sweep?: SweepSection;
  /** `eval --models`: several models on the same cases, per-model tables and pairwise comparisons. */
  models?: ModelMatrixSection;
  /** `eval --loading both`: every tool loaded against deferred loading (tool search), paired. */
  loading?: LoadingSection;
  /** `toolvet diff`: classified changes, A/B of descriptions, baseline, gate. */
  diff?: DiffResult;
  /** `toolvet bench`: server benchmarks, optionally against a baseline. */
  bench?: BenchSection;
  /** `skills eval`: discovery, trigger eval, behaviour eval. */
  skills?: SkillsResult;
  /** `toolvet lint`: findings over tool definitions. */
  lint?: ToolLintResult;
  /** `toolvet probe`: how live servers really fail. */
  probe?: ProbeReport;
  /** `toolvet improve`: the train/held-out split, accepted rewordings with their evidence, refused candidates, final tools. */
  improve?: ImproveResult;
  warnings: Diagnostic[];
  errors: ErrorInfo[];
}
