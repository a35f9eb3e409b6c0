/**
 * The core data types every layer shares: tool definitions (MCP's wire shape), the model driver
 * interface, selection cases and their results. Data flows one way:
 * inputs -> servers/models -> run -> scoring -> reporters.
 */
import type { ErrorInfo } from './errors.ts';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };
/** A JSON Schema document, kept as plain data. */
export type JsonSchema = { [key: string]: unknown };

/** MCP tool annotations (2025-06-18 schema). Absent hints take the spec's defaults. */
export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** A tool definition as `tools/list` returns it (spec 2.4). */
export interface ToolDefinition {
  name: string;
  title?: string;
  description?: string;
  inputSchema: JsonSchema;
  outputSchema?: JsonSchema;
  annotations?: ToolAnnotations;
  _meta?: { [key: string]: unknown };
  /** Which server listed it; absent for definitions read from a file. */
  server?: string;
}

// ---------------------------------------------------------------- resources and prompts

/** One argument of a prompt as `prompts/list` gives it. */
export interface PromptArgument {
  name: string;
  title?: string;
  description?: string;
  required?: boolean;
}

/** A prompt as `prompts/list` returns it. */
export interface PromptDefinition {
  name: string;
  title?: string;
  description?: string;
  arguments?: PromptArgument[];
  icons?: unknown[];
  _meta?: { [key: string]: unknown };
}

/** A resource as `resources/list` returns it. */
export interface ResourceDefinition {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
  annotations?: { [key: string]: unknown };
  icons?: unknown[];
  _meta?: { [key: string]: unknown };
}

/** A resource template as `resources/templates/list` returns it. */
export interface ResourceTemplateDefinition {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  annotations?: { [key: string]: unknown };
  icons?: unknown[];
  _meta?: { [key: string]: unknown };
}

/**
 * What a server offers besides tools. Each list is present when the server declared the capability
 * (and absent in snapshot files written before these fields existed): absent means "not recorded",
 * an empty list means "declared, none listed".
 */
export interface ServerSurface {
  resources?: ResourceDefinition[];
  resourceTemplates?: ResourceTemplateDefinition[];
  prompts?: PromptDefinition[];
  /** The capabilities the server declared at initialize (or server/discover). */
  capabilities?: { [key: string]: unknown };
  /** The server's instructions for the model, if any. */
  instructions?: string;
}

// ---------------------------------------------------------------- models

export type Role = 'system' | 'user' | 'assistant' | 'tool';

export interface ToolCall {
  id: string;
  name: string;
  /** The raw argument string as the model produced it. */
  rawArguments: string;
  /** Parsed arguments, or undefined when `rawArguments` is not a JSON object. */
  arguments?: { [key: string]: unknown };
  /** Arguments the driver filled from the tool's schema, not from the request (the mock model only). */
  invented?: string[];
}

export interface ChatMessage {
  role: Role;
  content: string;
  /** On assistant messages: the calls the model made. */
  toolCalls?: ToolCall[];
  /** On tool messages: which call this answers. */
  toolCallId?: string;
}

export type ToolChoice = 'auto' | 'none' | 'required' | { name: string };

export interface ModelRequest {
  messages: ChatMessage[];
  tools: ToolDefinition[];
  toolChoice?: ToolChoice;
  temperature?: number;
  maxTokens?: number;
  seed?: number;
  signal?: AbortSignal;
  /**
   * A `performance.now()` time the whole request (every try and wait) must end by, for drivers with
   * `ownsDeadline`: past it they throw E_MODEL_TIMEOUT. Other drivers are raced against it by the runner.
   */
  deadline?: number;
}

export type FinishReason = 'stop' | 'tool_calls' | 'length' | 'content_filter' | 'error' | 'unknown';

export interface ModelUsage {
  promptTokens: number;
  completionTokens: number;
}

export interface ModelResponse {
  text: string;
  toolCalls: ToolCall[];
  finishReason: FinishReason;
  usage?: ModelUsage;
  /** The model name the endpoint reports. */
  model?: string;
}

/** One small interface for every model: the mock, any OpenAI-compatible endpoint, a replay cassette. */
export interface ModelDriver {
  /** Stable identifier used in reports and cassette keys, e.g. `mock` or `openai:qwen3@http://...`. */
  readonly id: string;
  /**
   * True for drivers that answer in process without I/O (the mock): they cannot hang, so the runner
   * skips the abort and deadline plumbing that network drivers need.
   */
  readonly inProcess?: boolean;
  /**
   * True for drivers that end a request at `request.deadline` themselves (the OpenAI driver's lean
   * path): the runner then adds no timer and abort of its own, so each try has one of each.
   */
  readonly ownsDeadline?: boolean;
  complete(request: ModelRequest): Promise<ModelResponse>;
  close?(): Promise<void>;
}

// ---------------------------------------------------------------- cases

/** Acceptable values for one expected argument (BFCL style). */
export interface ExpectedArg {
  /** Any of these values is accepted. */
  anyOf: JsonValue[];
  /** The argument may be absent. */
  optional: boolean;
  /** Any value is accepted (free text the case cannot predict); `anyOf` is then empty. */
  any?: boolean;
}

/** One expected call of an answer: the tool and, optionally, its arguments. */
export interface ExpectedCall {
  tool: string;
  args?: { [name: string]: ExpectedArg };
}

/**
 * Several expected calls in one answer (BFCL's parallel and multiple categories). Order `exact`:
 * these calls in this order; `in-order`: in this order, others between them up to `maxExtra`;
 * `any-order`: in any order. Calls beyond the steps fail unless `maxExtra` allows them (default 0).
 */
export interface ExpectedCalls {
  order: 'exact' | 'in-order' | 'any-order';
  maxExtra?: number;
  steps: ExpectedCall[];
}

export interface Expectation {
  /** null: the right answer is no tool. A list: any of these tools. With `calls`: the first step's tool. */
  tool: string | string[] | null;
  notTools?: string[];
  args?: { [name: string]: ExpectedArg };
  /** Every call of the answer, when the case expects more than one. */
  calls?: ExpectedCalls;
  /** No listed tool can do it: the model must call none and say so (BFCL's irrelevance). */
  missingTool?: boolean;
  /** Required arguments the request leaves out: the model must ask for them, not invent them. */
  asksFor?: string[];
}

export interface SelectionCase {
  id: string;
  query: string;
  expect: Expectation;
  /** Which query set it came from. */
  suite: string;
  tags?: string[];
  /** `draft: true` in the query set: written by `toolvet init`, not reviewed yet (the report says so). */
  draft?: boolean;
}

// ---------------------------------------------------------------- results

export type CaseState = 'passed' | 'failed' | 'errored' | 'skipped';

export interface ArgCheck {
  /** The arguments validate against the chosen tool's inputSchema. */
  schemaValid: boolean | null;
  schemaErrors?: string[];
  /** The arguments match the expected ones; null when the case names no args. */
  matches: boolean | null;
  mismatches?: string[];
}

/** One attempt of one case (a case runs `repeat` times). */
/** One call of an answer with several calls. */
export interface AttemptCall {
  name: string;
  arguments?: { [key: string]: unknown };
  rawArguments: string;
  /** Arguments the model filled from the schema, not the request (the mock model says so). */
  invented?: string[];
}

export interface Attempt {
  state: CaseState;
  /** The tool chosen, null for no tool. Undefined when the attempt errored before a choice. */
  chosen?: string | null;
  arguments?: { [key: string]: unknown };
  rawArguments?: string;
  /** Arguments of the first call the model filled from the schema, not the request (the mock says so). */
  invented?: string[];
  argCheck?: ArgCheck;
  /** Every call of the answer, when it made more than one (the first is also `chosen`/`arguments`). */
  calls?: AttemptCall[];
  reason: string;
  finishReason?: FinishReason;
  latencyMs: number;
  usage?: ModelUsage;
  error?: ErrorInfo;
  /** Deferred loading (`eval --loading search`): the searches before the answer, and what the requests carried. */
  toolSearch?: ToolSearchTrace;
}

/** What deferred loading did in one attempt: searches are never the answer scored. */
export interface ToolSearchTrace {
  /** Each search call: its query, the tools it loaded, and whether it ran (one beside an answer, or past the last search turn, does not). */
  searches: Array<{ query: string; found: string[]; run: boolean }>;
  /** Model requests of the attempt (searches and the answer). */
  requests: number;
  /** Estimated tokens of the tool lists over all its requests (the search tool plus what was loaded). */
  toolTokens: number;
  /** The largest tool list one of its requests carried, estimated. */
  largestRequest: number;
}

/** Tokens, time and money of one case or scenario (every attempt, every turn). */
export interface CaseCost {
  promptTokens: number;
  completionTokens: number;
  /** Time waiting for the model, in milliseconds. */
  modelLatencyMs: number;
  /** Time waiting for tool calls, in milliseconds (0 for single-turn cases: they run no call). */
  toolLatencyMs: number;
  /** Model turns (one per attempt for a single-turn case). */
  turns: number;
  /** Tool calls the model made. */
  calls: number;
  /** Estimated from --prices (per million tokens); null without a price for the model. */
  cost: number | null;
}

export interface CaseResult {
  id: string;
  suite: string;
  query: string;
  expected: Expectation;
  /** Outcome over all attempts: passed only when every attempt passed (pass^k); see passRate. */
  state: CaseState;
  pass: boolean;
  /** The first attempt's choice, for tables; every choice is in attempts. */
  chosen: string | null | undefined;
  reason: string;
  attempts: Attempt[];
  passRate: number;
  /** Tokens, latency and estimated cost over every attempt. */
  cost?: CaseCost;
}
