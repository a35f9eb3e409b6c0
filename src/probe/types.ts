/**
 * What `toolproof probe` finds out about live servers, as plain data (the `probe` section of a
 * result). Every check has a status: pass, warn (works, but not as the conventions ask), fail, or
 * skip (not run, with the reason).
 */
import type { ErrorInfo } from '../errors.ts';

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
  /** The first 300 characters of what came back. */
  excerpt: string;
}

export interface ToolProbe {
  tool: string;
  state: 'probed' | 'skipped';
  /** Why the tool was not called. */
  skipReason?: string;
  probes: ArgumentProbe[];
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

export interface ServerProbe {
  server: string;
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
  status: CheckStatus;
}

export interface ProbeSummary {
  servers: number;
  toolsProbed: number;
  toolsSkipped: number;
  pass: number;
  warn: number;
  fail: number;
}

export interface ProbeReport {
  allowDestructive: boolean;
  servers: ServerProbe[];
  summary: ProbeSummary;
  /** No check failed on any server that started. */
  conforms: boolean;
}
