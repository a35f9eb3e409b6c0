/**
 * Every setup or configuration problem is a ToolvetError with a stable `code`, the thing at fault
 * (`file`, `path`, `server`, `tool`, `url`) and a `hint` saying what to do next. Per-case failures are
 * data (see CaseResult), never exceptions.
 */
export type ErrorCode =
  // input files (exit 3)
  | 'E_FILE_MISSING'
  | 'E_FILE_UNREADABLE'
  | 'E_FILE_PARSE'
  | 'E_FILE_INVALID'
  /** A FIFO, device, or symlink leaving its tree where a file was expected: refused unread. */
  | 'E_FILE_SPECIAL'
  /** An output path that cannot be written: a read-only folder, a link, a full disk (the old file is kept). */
  | 'E_OUTPUT_UNWRITABLE'
  | 'E_UNKNOWN_SERVER'
  | 'E_UNKNOWN_TOOL'
  | 'E_AMBIGUOUS_TOOL'
  | 'E_USAGE'
  | 'E_RESUME_MISMATCH'
  | 'E_ENV_MISSING'
  // servers (exit 2)
  | 'E_SERVER_START'
  | 'E_SERVER_TIMEOUT'
  | 'E_SERVER_CRASH'
  | 'E_SERVER_PROTOCOL'
  | 'E_CALL_TIMEOUT'
  | 'E_CALL_FAILED'
  | 'E_SERVER_UNREACHABLE'
  | 'E_SERVER_AUTH'
  | 'E_SERVER_NOT_MCP'
  | 'E_SERVER_LIMIT'
  /** A server needs an OAuth login and has no usable token here (run `toolvet login`, or set the config's token variable). */
  | 'E_LOGIN_REQUIRED'
  /** `toolvet login` was refused: a wrong `state`, an error from the authorization server, a failed code exchange. */
  | 'E_LOGIN_FAILED'
  /** `toolvet login` saw no authorization response within its timeout. */
  | 'E_LOGIN_TIMEOUT'
  // models (exit 2)
  | 'E_MODEL_REFUSED'
  | 'E_MODEL_TIMEOUT'
  | 'E_MODEL_HTTP'
  | 'E_MODEL_CONTEXT'
  | 'E_MODEL_RATE_LIMIT'
  | 'E_MODEL_BAD_RESPONSE'
  | 'E_MODEL_TRUNCATED'
  | 'E_REPLAY_MISS'
  | 'E_JUDGE_ANSWER'
  | 'E_INTERRUPTED'
  | 'E_RESULTS_LOCKED'
  // the GitHub REST API, for `report --pr-comment` (exit 2)
  | 'E_GITHUB_API'
  | 'E_INTERNAL';

/** Exit codes shared by every command. */
export const EXIT = { ok: 0, gate: 1, runtime: 2, input: 3 } as const;

/** A result's verdict as an exit code: pass or no gate 0, a failed gate 1, a run that could not finish 2. */
export function exitCodeFor(status: 'pass' | 'fail' | 'error' | 'none'): number {
  return status === 'pass' || status === 'none' ? EXIT.ok : status === 'fail' ? EXIT.gate : EXIT.runtime;
}

const INPUT_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'E_FILE_MISSING',
  'E_FILE_UNREADABLE',
  'E_FILE_PARSE',
  'E_FILE_INVALID',
  'E_FILE_SPECIAL',
  'E_OUTPUT_UNWRITABLE',
  'E_UNKNOWN_SERVER',
  'E_UNKNOWN_TOOL',
  'E_AMBIGUOUS_TOOL',
  'E_USAGE',
  'E_RESUME_MISMATCH',
  'E_ENV_MISSING',
]);

export interface ErrorDetails {
  file?: string;
  path?: string;
  server?: string;
  tool?: string;
  url?: string;
  hint?: string;
  stderr?: string[];
  cause?: unknown;
}

/** The `cause` of the E_MODEL_TIMEOUT a driver with `ownsDeadline` throws once `request.deadline` has passed. */
export const PAST_DEADLINE: unique symbol = Symbol('past the deadline');

export class ToolvetError extends Error {
  readonly code: ErrorCode;
  readonly file?: string;
  readonly path?: string;
  readonly server?: string;
  readonly tool?: string;
  readonly url?: string;
  readonly hint?: string;
  readonly stderr?: string[];

  constructor(code: ErrorCode, message: string, details: ErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'ToolvetError';
    this.code = code;
    this.file = details.file;
    this.path = details.path;
    this.server = details.server;
    this.tool = details.tool;
    this.url = details.url;
    this.hint = details.hint;
    this.stderr = details.stderr;
  }

  /** 3 for input that will not load, 2 for everything else that stops a run. */
  get exitCode(): number {
    return INPUT_CODES.has(this.code) ? EXIT.input : EXIT.runtime;
  }

  /** Plain-data form, for result files. */
  toJSON(): ErrorInfo {
    return toErrorInfo(this);
  }
}

/** An error as data: what result files and reports carry (the details, less the cause). */
export interface ErrorInfo extends Omit<ErrorDetails, 'cause'> {
  code: ErrorCode;
  message: string;
}

export function toErrorInfo(error: unknown): ErrorInfo {
  if (error instanceof ToolvetError) {
    const info: ErrorInfo = { code: error.code, message: error.message };
    for (const key of ['file', 'path', 'server', 'tool', 'url', 'hint', 'stderr'] as const) {
      const value = error[key];
      if (value !== undefined) (info as unknown as Record<string, unknown>)[key] = value;
    }
    return info;
  }
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'E_INTERNAL', message };
}

/** One readable block: "E_CODE message\n  file: ...\n  hint: ...". */
export function formatError(error: unknown): string {
  const info = toErrorInfo(error);
  const lines = [`${info.code}: ${info.message}`];
  if (info.file) lines.push(`  file: ${info.file}${info.path ? ` at ${info.path}` : ''}`);
  else if (info.path) lines.push(`  at: ${info.path}`);
  if (info.server) lines.push(`  server: ${info.server}`);
  if (info.tool) lines.push(`  tool: ${info.tool}`);
  if (info.url) lines.push(`  url: ${info.url}`);
  if (info.stderr?.length) lines.push('  last stderr lines:', ...info.stderr.map((l) => `    | ${l}`));
  if (info.hint) lines.push(`  next: ${info.hint}`);
  return lines.join('\n');
}
