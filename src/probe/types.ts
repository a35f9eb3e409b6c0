/**
 * What `toolvet probe` finds out about live servers, as plain data (the `probe` section of a
 * result). Every check has a status: pass, warn (works, but not as the conventions ask), fail, or
 * skip (not run, with the reason).
 */
import type { ErrorInfo } from '../errors.ts';
import type { ArgumentVerdict } from './verdict.ts';
import type { ServerConnection } from '../servers/server-connection.ts';
import type { InputRequestShape } from './input-request-shape.ts';

export type { ArgumentVerdict } from './verdict.ts';
export type { InputRequestShape } from './input-request-shape.ts';

export type CheckStatus = 'pass' | 'warn' | 'fail' | 'skip';

/** How a server answers tools/call for a tool it does not list: the three shapes seen in the wild. */
export type UnknownToolShape = 'jsonrpc-error' | 'is-error-text' | 'is-error-json' | 'success' | 'timeout' | 'crash';

/** How a tool fails when called with arguments that break its own schema. */
export type FailureShape =
  | 'structured-failure' // isError, {success: false, error, retry_hint}
  | 'structured-error' // isError, {error, code, retry_hint}
  | 'bare-text' // isError, a message that is not JSON
  | 'jsonrpc-error' // a protocol error instead of a tool result
  | 'no-retry-hint' // isError, JSON with an error but no retry_hint
  | 'unstructured-json' // isError, JSON without an error field
  | 'null' // isError, the text `null`
  | 'empty-object' // isError, the text `{}`
  | 'empty-content' // isError with no text at all
  | 'unflagged-failure' // a failure body without isError
  | 'success' // the server accepted arguments its own schema refuses
  | 'timeout'
  | 'crash';

export interface CheckResult {
  status: CheckStatus;
  detail: string;
}

export interface UnknownToolCheck extends CheckResult {
  /** The name that was called. */
  tool: string;
  shape: UnknownToolShape;
  /** The error message or result text names the tool (spec 4.1.3). */
  namesTool: boolean;
}

export interface ArgumentProbe extends CheckResult {
  kind: 'missing-required' | 'wrong-type';
  /** The arguments sent; they never validate against the tool's schema. */
  arguments: Record<string, unknown>;
  /** The property left out or given the wrong type. */
  property?: string;
  shape: FailureShape;
  /**
   * What the server did with the arguments, read from what it said (verdict.ts): rejected them,
   * accepted them and failed later (did not validate), accepted them, timed out, crashed, or unclear.
   */
  verdict: ArgumentVerdict;
  /** What the verdict was read from (e.g. "a zod issue list", "a network failure"). */
  evidence: string;
  /** The first 300 characters of what came back. */
  excerpt: string;
}

export interface ToolProbe {
  tool: string;
  state: 'probed' | 'skipped';
  /** Why the tool was not called. */
  skipReason?: string;
  probes: ArgumentProbe[];
  /** The probes' verdict that says least in the server's favour (a tool that rejected one bad call but took another did not validate). */
  verdict?: ArgumentVerdict;
  status: CheckStatus;
}

/** One real call of a read-only tool with valid arguments, its result checked against the outputSchema (structured-probe.ts). */
export interface StructuredProbe extends CheckResult {
  tool: string;
  /** The valid arguments sent (made from defaults, enums and minimal values). */
  arguments: Record<string, unknown>;
  /** Where structuredContent breaks the outputSchema, or where the text's JSON differs from it. */
  path?: string;
  errors?: string[];
  /** The text content is JSON (for a tool without an outputSchema: data a client could have had structured). */
  jsonText: boolean;
  /** The tool declares no outputSchema: the warning is a suggestion of the conventions, not a protocol rule. */
  noOutputSchema?: true;
}

/** One `resources/read` of a listed resource (surface-probe.ts). */
export interface ResourceReadProbe extends CheckResult {
  uri: string;
}

/** One `prompts/get` (surface-probe.ts): with made-up arguments, or with a required argument left out. */
export interface PromptGetProbe extends CheckResult {
  prompt: string;
  kind: 'get' | 'missing-required';
  arguments: Record<string, string>;
  /** For `missing-required`: the argument left out. */
  argument?: string;
}

/** A tool that asked for input when called with valid arguments (input-probe.ts), and whether each request is well formed. */
export interface InputRequestProbe extends CheckResult {
  tool: string;
  /** The valid arguments sent. */
  arguments: Record<string, unknown>;
  requests: InputRequestShape[];
}

/** Which tools ask for input: the read-only tools called once each, the rest not called (they may write). */
export interface InputRequestReport {
  called: number;
  /** Tools not called with valid arguments: not annotated read-only, or no obvious valid arguments. */
  notCalled: string[];
  /** The called tools that asked. */
  asked: InputRequestProbe[];
}

/**
 * One protocol check (protocol-checks.ts, http-rules.ts): its scenario (`cache-hints`, `http-headers`,
 * `origin`, `resource-not-found`, `deprecated-features`) and an id stable within it, as the official
 * conformance suite names them, so a baseline can list `scenario:id`.
 */
export interface ProtocolCheck extends CheckResult {
  scenario: string;
  id: string;
}

export interface ServerProbe {
  server: string;
  /** The capabilities the server declared (`tools`, `resources`, `prompts`, `logging`, `extensions`, ...). */
  capabilities?: string[];
  version?: string;
  protocolVersion?: string;
  state: 'probed' | 'errored';
  error?: ErrorInfo;
  tools: number;
  /** tools/list gives the same order twice. */
  listStable?: CheckResult;
  /** Every listed inputSchema is well-formed (spec 7.5). */
  schemasWellFormed?: CheckResult;
  unknownTool?: UnknownToolCheck;
  /** The spec's `echo` sample (4.1.5), when the server has it. */
  echo?: CheckResult;
  toolProbes: ToolProbe[];
  /** Read-only tools called once with valid arguments: structuredContent against outputSchema. */
  structuredResults?: StructuredProbe[];
  /** Every listed resource read once. */
  resourceReads?: ResourceReadProbe[];
  /** Every prompt got once, and each prompt with a required argument got without it. */
  promptGets?: PromptGetProbe[];
  /** Which tools ask for input (input requests), and whether each request is well formed. */
  inputRequests?: InputRequestReport;
  /** Protocol checks of the server's era and transport: cache hints, HTTP headers, Origin, resource not found, deprecated features. */
  protocolChecks?: ProtocolCheck[];
  status: CheckStatus;
}

export interface ProbeSummary {
  servers: number;
  toolsProbed: number;
  toolsSkipped: number;
  pass: number;
  warn: number;
  fail: number;
  /** Probed tools by verdict. */
  verdicts: Record<ArgumentVerdict, number>;
}

export interface ProbeReport {
  allowDestructive: boolean;
  /** Each call's deadline (--call-timeout, default DEFAULT_SERVER_TIMEOUTS.callMs): only a call past it is "timed out". */
  callTimeoutMs: number;
  servers: ServerProbe[];
  summary: ProbeSummary;
  /** Servers that could not be probed (did not start, or failed listing): no verdict on them. */
  unprobed: Array<{ server: string; code?: string; message: string }>;
  /** Every server was probed and no check failed. */
  conforms: boolean;
  /** `probe --conformance`: the protocol checks by scenario, selected by what each server declares, judged against the baseline. */
  conformance?: ConformanceReport;
}

export interface ProbeServerOptions {
  allowDestructive: boolean;
  callTimeoutMs?: number;
  /** The live connection, restarted once if the server crashed; undefined when it is gone. */
  connection: () => Promise<ServerConnection | undefined>;
  /** Protocol checks only (`probe --conformance`): no bad-argument calls, no echo sample. */
  conformance?: boolean;
}

/** `probe --conformance` (conformance.ts): one check of a scenario. */
export interface ConformanceCheck {
  id: string;
  status: CheckStatus;
  detail: string;
}

export interface ConformanceScenario {
  scenario: string;
  state: 'run' | 'skipped';
  /** Why a scenario was not run (the server does not declare the feature, the transport, the era). */
  reason?: string;
  checks: ConformanceCheck[];
}

export interface ConformanceServer {
  server: string;
  scenarios: ConformanceScenario[];
}

export interface ConformanceReport {
  servers: ConformanceServer[];
  /** Checks run, passed and failed (a warning counts as failed, as in the official suite). */
  checks: number;
  passed: number;
  /** Failures the baseline lists, as `server: scenario:id`. */
  expectedFailures: string[];
  /** Failures the baseline does not list. */
  unexpectedFailures: string[];
  /** Baseline entries whose check now passes: remove them. */
  staleEntries: string[];
  /** The baseline file, when one was given. */
  baseline?: string;
}
