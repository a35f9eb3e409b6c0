/**
 * Scenarios: multi-turn evals whose tool calls run on live servers. A scenario is a request (with
 * optional system prompt and earlier turns), the tools it may run beside the read-only ones, and
 * expectations over the whole trajectory. These are plain data, so the result model can carry them.
 */
import type { InputAnswer, InputExchange } from '../servers/input-requests.ts';
import type { ErrorInfo } from '../errors.ts';
import type { JudgeCalibrationSummary, JudgeCost, JudgeUsage } from '../judge/judge-types.ts';
import type { CaseCost, CaseState, ExpectedArg, FinishReason, JsonValue } from '../types.ts';

export type { CaseCost };

export type CallOrder = 'exact' | 'in-order' | 'any-order';

export interface ScenarioStep {
  tool: string;
  /** Acceptable argument values, matched the way case `args` are (BFCL style). */
  args?: { [name: string]: ExpectedArg };
}

export interface ScenarioExpect {
  calls?: {
    order: CallOrder;
    /** Calls beyond the listed steps that are allowed; absent: unlimited. */
    maxExtra?: number;
    steps: ScenarioStep[];
  };
  notTools?: string[];
  results?: { noErrors?: boolean };
  answer?: { contains?: string[]; matches?: string; notContains?: string[] };
  state?: {
    call: { tool: string; args: { [key: string]: JsonValue } };
    contains?: string[];
    matches?: string;
    notContains?: string[];
  };
  budget?: { turns?: number; tokens?: number; latencyMs?: number };
  /** The final answer judged by the LLM judge against this expectation and rubric (docs/judge.md). */
  judge?: { expectation: string; rubric?: string[] };
}

export interface ScenarioMessage {
  role: 'user' | 'assistant';
  content: string;
}

export interface Scenario {
  id: string;
  /** Which query set it came from. */
  suite: string;
  system?: string;
  messages?: ScenarioMessage[];
  query: string;
  maxTurns: number;
  /** Tools that may run although they are not annotated read-only. */
  allow: string[];
  /** Replies to input requests (elicitation), matched by requested field name or message text. */
  answers?: InputAnswer[];
  expect: ScenarioExpect;
  tags?: string[];
}

/** `scenario`: fresh server processes per scenario (default); `run`: one set shared by every scenario. */
export type Isolation = 'scenario' | 'run';

export const DEFAULT_SCENARIO_MAX_TURNS = 8;

/**
 * What happened to one call: `ran` on its server; `held` back by the safety rule (not read-only, not
 * allowed); `invalid` never sent (a tool nobody lists, or arguments that are not a JSON object).
 */
export type CallStatus = 'ran' | 'held' | 'invalid';

export interface TrajectoryCall {
  /** The model turn (1-based) whose answer made the call. */
  turn: number;
  tool: string;
  arguments?: { [key: string]: unknown };
  rawArguments: string;
  status: CallStatus;
  server?: string;
  /** The text the model got back. */
  result: string;
  /** The server said isError (ran), or the call was held back or invalid. */
  isError: boolean;
  /** Why the call did not run (held or invalid). */
  why?: string;
  /** Time the server took, in milliseconds (0 when it did not run). */
  latencyMs: number;
  /** The result broke the tool's outputSchema, or its text disagreed with its structuredContent. */
  structured?: { status: 'warn' | 'fail'; detail: string; path?: string };
  /** Input requests the server made during the call, each with the answer it got. */
  inputs?: InputExchange[];
}

export interface ScenarioTurn {
  turn: number;
  /** The assistant text of this turn (often empty when it calls tools). */
  text: string;
  finishReason: FinishReason;
  promptTokens: number;
  completionTokens: number;
  latencyMs: number;
  calls: TrajectoryCall[];
}

export type ScenarioStop = 'answer' | 'max-turns' | 'budget' | 'error' | 'aborted';

export interface ScenarioCheck {
  /** The expectation's scorer id, e.g. `calls`, `answer`. */
  id: string;
  pass: boolean;
  reason: string;
}

export interface ScenarioResult {
  id: string;
  suite: string;
  query: string;
  expected: ScenarioExpect;
  allow: string[];
  maxTurns: number;
  state: CaseState;
  pass: boolean;
  /** The first expectation that does not hold, in words; or what passed. */
  reason: string;
  stop: ScenarioStop;
  turns: ScenarioTurn[];
  finalAnswer: string;
  /** The read-only call made after the run, when `expect.state` asks for one. */
  stateCall?: { tool: string; arguments: { [key: string]: JsonValue }; result: string; isError: boolean };
  checks: ScenarioCheck[];
  /** The agent's cost; the judge's is in `judged.usage`, never added here. */
  cost: CaseCost;
  /** The LLM judge's verdict on the final answer, when `expect.judge` asks for one. */
  judged?: ScenarioJudged;
  error?: ErrorInfo;
}

export interface ScenarioJudged {
  verdict: 'pass' | 'fail' | 'error';
  reason: string;
  /** Quoted from the final answer (checked). */
  evidence?: string;
  usage: JudgeUsage;
  error?: ErrorInfo;
}

export interface ScenarioSummary {
  scenarios: number;
  passed: number;
  failed: number;
  errored: number;
  calls: number;
  heldBack: number;
  /** The judge of `expect.judge` answers, when one was set: its id, calls, tokens and cost, apart from the agent's. */
  judge?: { id: string; cost: JudgeCost; calibration?: JudgeCalibrationSummary };
}

/** Tokens, time and money of the whole run: cases and scenarios. */
export interface RunCost {
  /** Cases and scenarios counted. */
  items: number;
  promptTokens: number;
  completionTokens: number;
  modelLatencyMs: number;
  toolLatencyMs: number;
  turns: number;
  calls: number;
  /** The most tokens one case or scenario used. */
  maxTokensPerCase: number;
  /** 95th percentile (nearest rank) of the time one case or scenario took, model plus tools. */
  p95LatencyMs: number;
  /** Estimated total from --prices; null without a price for the model. */
  cost: number | null;
  /** The price used: per million tokens, from which file and under which key. */
  price?: { file: string; key: string; input: number; output: number };
}
