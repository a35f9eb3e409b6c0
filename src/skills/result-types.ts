/**
 * The `skills` section of the result model: plain data only, so any reporter can render it and a
 * saved result can be re-rendered. Filled by `toolvet skills eval`.
 */
import type { ErrorInfo } from '../errors.ts';
import type { ActiveSeverity, LintReport } from '../lint/framework.ts';
import type { CaseState, ChatMessage } from '../types.ts';
import type { EvalDialect } from './evals-dialects.ts';
import type { JudgeCalibrationSummary, JudgeCost, JudgeUsage } from '../judge/judge-types.ts';

export interface DiscoveredSkillInfo {
  name: string;
  scope: 'user' | 'project';
  file: string;
  collection?: string;
  /** The hidden folder on the way from the root (e.g. `.curated`): a host scanning one level would not see the skill. */
  hidden?: string;
  /** The Claude Code plugin or marketplace manifest that names the skill. */
  manifest?: string;
  /** The Claude Code plugin the skill belongs to (hosts call it `plugin:name`). */
  plugin?: string;
  /** `plugin:name`, when another discovered skill has the same bare name: the name findings and the trigger eval use. */
  qualifiedName?: string;
  /** Number of eval cases loaded from evals/evals.json (0 when there is none). */
  cases: number;
  dialect?: EvalDialect;
}

export interface DiscoveryInfo {
  roots: Array<{ dir: string; scope: 'user' | 'project'; exists: boolean }>;
  skills: DiscoveredSkillInfo[];
  shadowed: Array<{ name: string; kept: string; hidden: string; why: 'project-shadows-user' | 'duplicate-name' }>;
  missing: Array<{ folder: string; reason: string }>;
}

/** `(none)`: no skill loaded; `(invalid)`: a call naming no listed skill; `(error)`: no answer. */
export type Loaded = string;

export interface TriggerCaseResult {
  id: string;
  skill: string;
  query: string;
  shouldTrigger: boolean;
  /** What each attempt loaded. */
  loads: Loaded[];
  /** Share of answered attempts that loaded the owning skill. */
  triggerRate: number;
  state: CaseState;
  pass: boolean;
  /** Other skills loaded instead, with how many attempts each took. */
  stolenBy: Record<string, number>;
  reason: string;
  errors: ErrorInfo[];
}

export interface SkillTriggerStats {
  skill: string;
  positives: number;
  negatives: number;
  /** Attempts on the skill's positive cases that loaded it / those attempts. */
  recall: number | null;
  /**
   * Attempts that loaded the skill when it should not have / attempts where it should not:
   * its own negative cases plus every other skill's positive cases. Other skills' negatives are left
   * out: a near miss for one skill is often a fit for a sibling.
   */
  falseTriggerRate: number | null;
  casesPassed: number;
  casesFailed: number;
}

export interface TriggerEvalResult {
  threshold: number;
  repeat: number;
  /** Every skill the simulated host offered. */
  offered: string[];
  cases: TriggerCaseResult[];
  perSkill: SkillTriggerStats[];
  /** confusion[owner][loaded] = attempts, over positive cases. */
  confusion: Record<string, Record<string, number>>;
  /** The same over negative cases: which skill took each near miss. */
  negativeConfusion: Record<string, Record<string, number>>;
  passed: number;
  failed: number;
  errored: number;
}

export type BehaviourForm = 'calls-tool' | 'not-calls-tool' | 'loads-skill' | 'mentions' | 'asks-question';
export type BehaviourState = 'passed' | 'failed' | 'errored' | 'unscored';

export interface BehaviourScore {
  behaviour: string;
  state: BehaviourState;
  /** Who decided: a mechanical form, the LLM judge, or nobody (unscored). */
  judge: 'mechanical' | 'llm' | 'none';
  form?: BehaviourForm;
  reason: string;
  /** Quoted from the transcript by the judge. */
  evidence?: string;
  error?: ErrorInfo;
  /** The LLM judge's tokens and time for this verdict, apart from the agent's. */
  judgeUsage?: JudgeUsage;
}

export interface ToolCallRecord {
  name: string;
  arguments: Record<string, unknown> | null;
  server?: string;
  /** The text returned to the model. */
  result: string;
  isError: boolean;
}

export interface AgentRun {
  arm: 'with-skill' | 'without-skill';
  transcript: ChatMessage[];
  stop: 'answer' | 'max-turns' | 'error';
  turns: number;
  toolCalls: ToolCallRecord[];
  /** Skills loaded through load_skill during the run. */
  loadedSkills: string[];
  finalText: string;
  error?: ErrorInfo;
  scores: BehaviourScore[];
}

export interface BehaviourCaseResult {
  id: string;
  skill: string;
  query: string;
  runs: AgentRun[];
  baselineRuns: AgentRun[];
}

export interface BehaviourStats {
  caseId: string;
  skill: string;
  behaviour: string;
  judge: BehaviourScore['judge'];
  form?: BehaviourForm;
  /** passed / scored runs with the skill loaded; null when unscored or every run errored. */
  passRate: number | null;
  /** The same without the skill; null when not run. */
  baselinePassRate: number | null;
  /** Set when the behaviour passes with the skill: false when it passes without the skill too (it does not measure the skill). */
  discriminates: boolean | null;
  state: BehaviourState;
}

export interface BehaviourEvalResult {
  judge: string;
  maxTurns: number;
  repeat: number;
  cases: BehaviourCaseResult[];
  behaviours: BehaviourStats[];
  passed: number;
  failed: number;
  errored: number;
  unscored: number;
  nonDiscriminating: number;
  /** The LLM judge's tokens, time and cost over the run, apart from the agent's (present when a judge was set). */
  judgeCost?: JudgeCost;
  /** The judge's measured agreement with human labels (`--judge-calibration`); absent: uncalibrated. */
  judgeCalibration?: JudgeCalibrationSummary;
}

/** `skills lint`: the shared LintReport plus the gate, as tool lint's section has. */
export interface SkillLintSection extends LintReport {
  failOn: ActiveSeverity;
  failed: boolean;
}

/** A skill whose evals file did not load: its cases did not run, the other skills' did. */
export interface EvalsLoadFailure {
  skill: string;
  file: string;
  code: string;
  message: string;
  /** Every problem, grouped by the case it is in (`$.evals[3]`), or by `$` for the file. */
  problems: Array<{ path: string; problems: string[] }>;
}

export interface SkillsResult {
  discovery: DiscoveryInfo;
  /** Skills whose evals/evals.json did not load (`skills eval`). */
  evalsErrors?: EvalsLoadFailure[];
  lint?: SkillLintSection;
  trigger?: TriggerEvalResult;
  behaviour?: BehaviourEvalResult;
}
