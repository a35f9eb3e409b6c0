/**
 * Reading what a server answered: the failure shape of a call with bad arguments (spec 2.6, 7.1,
 * 7.2) and the shape of the unknown-tool answer (spec 4.1.3). Pure functions over the SDK's raw
 * CallToolResult or the coded error the call threw.
 */
import type { CallToolResult } from '../servers/server-connection.ts';
import { ToolvetError } from '../errors.ts';
import type { CheckStatus, FailureShape, UnknownToolShape } from './types.ts';
import { readVerdict, type ArgumentVerdict } from './verdict.ts';
import { clipText } from '../safety/clip.ts';

/** What one call gave back: a result, or the coded error it threw. */
export type CallOutcome = { result: CallToolResult } | { error: unknown };

export interface Classified<Shape> {
  shape: Shape;
  status: CheckStatus;
  detail: string;
  excerpt: string;
}

function textOf(result: CallToolResult): string {
  return (result.content ?? [])
    .filter((c): c is { type: 'text'; text: string } => c.type === 'text' && typeof (c as { text?: unknown }).text === 'string')
    .map((c) => c.text)
    .join('\n');
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const nonEmpty = (v: unknown): boolean => typeof v === 'string' && v.trim() !== '';

/** The server's own words for a thrown call: the JSON-RPC message, without our "server X failed tools/call Y" prefix. */
export function serverMessage(error: unknown): string {
  const cause = error instanceof ToolvetError ? (error as Error & { cause?: unknown }).cause : undefined;
  if (cause instanceof Error) return cause.message;
  return error instanceof Error ? error.message : String(error);
}

function thrownShape(error: unknown): 'timeout' | 'crash' | 'jsonrpc-error' {
  if (error instanceof ToolvetError && error.code === 'E_CALL_TIMEOUT') return 'timeout';
  if (error instanceof ToolvetError && (error.code === 'E_SERVER_CRASH' || error.code === 'E_SERVER_START')) return 'crash';
  return 'jsonrpc-error';
}

const excerptOf = (text: string): string => clipText(text, 300, { ellipsis: '...' });

/** A bad-arguments call read twice: its failure shape (how it failed) and its verdict (what the server did). */
export interface ClassifiedFailure extends Classified<FailureShape> {
  verdict: ArgumentVerdict;
  evidence: string;
  /** The server's whole message (the excerpt is clipped). */
  message: string;
}

export function rpcCodeOf(error: unknown): number | undefined {
  const cause = error instanceof ToolvetError ? (error as Error & { cause?: unknown }).cause : error;
  const code = (cause as { code?: unknown } | undefined)?.code;
  return typeof code === 'number' ? code : undefined;
}

/** isError answers with text: only the full structure passes; the rest warn alike (spec 2.6, 7.2). */
const ERROR_DETAIL: Partial<Record<FailureShape, string>> = {
  'structured-failure': 'isError with {success: false, error, retry_hint}',
  'structured-error': 'isError with {error, code, retry_hint}',
  'bare-text': 'a bare message, not the structured {error, code, retry_hint} (spec 2.6)',
  // No worse than a bare message: a structured error without a hint is still an error the model can read.
  'no-retry-hint': 'a structured error without retry_hint (spec 7.2)',
  'unstructured-json': 'isError with JSON that has no error field (spec 2.6)',
};

const DID_NOT_VALIDATE = 'did not validate the arguments: it failed on something else';

/** How a call with arguments that break the tool's schema came back. */
export function classifyFailure(outcome: CallOutcome): ClassifiedFailure {
  const message = 'error' in outcome ? serverMessage(outcome.error) : textOf(outcome.result);
  return { ...classifyShape(outcome), message };
}

function classifyShape(outcome: CallOutcome): Omit<ClassifiedFailure, 'message'> {
  if ('error' in outcome) {
    const shape = thrownShape(outcome.error);
    const message = serverMessage(outcome.error);
    const code = outcome.error instanceof ToolvetError ? outcome.error.code : undefined;
    const { verdict, evidence } = readVerdict({ kind: 'thrown', toolvetCode: code, rpcCode: rpcCodeOf(outcome.error), message });
    const excerpt = excerptOf(message);
    if (shape !== 'jsonrpc-error') return { shape, verdict, evidence, status: 'fail', detail: shape === 'timeout' ? 'no answer within the call timeout' : 'the server exited during the call', excerpt };
    if (verdict === 'accepted-then-failed') return { shape, verdict, evidence, status: 'warn', detail: `${DID_NOT_VALIDATE} (${evidence}), as a JSON-RPC error`, excerpt };
    return { shape, verdict, evidence, status: 'warn', detail: 'a JSON-RPC error, not a tool result: hosts may not show it to the model, and it carries no retry hint', excerpt };
  }
  const result = outcome.result;
  const text = textOf(result);
  const excerpt = excerptOf(text);
  const parsed = text.trim() === '' ? ({ ok: false } as const) : parseJson(text);
  const body = parsed.ok ? parsed.value : undefined;
  const structuredFailure = isRecord(body) && body.success === false && nonEmpty(body.error) && nonEmpty(body.retry_hint);
  const structuredError = isRecord(body) && nonEmpty(body.error) && nonEmpty(body.code) && nonEmpty(body.retry_hint);
  const failureBody = isRecord(body) && (body.success === false || nonEmpty(body.error) || body.status === 'failed' || body.status === 'error');
  const { verdict, evidence } = readVerdict({ kind: 'result', isError: result.isError === true, text, failureBody });
  const read = { verdict, evidence, excerpt };
  if (!result.isError) {
    if (verdict !== 'accepted') return { shape: 'unflagged-failure', status: 'fail', detail: 'a failure body without isError: the host treats it as a success', ...read };
    return { shape: 'success', status: 'fail', detail: 'the server accepted arguments its own schema refuses (spec 7.5)', ...read };
  }
  if (text.trim() === '') return { shape: 'empty-content', status: 'fail', detail: 'isError with no text: the model cannot tell what went wrong', ...read };
  if (body === null) return { shape: 'null', status: 'fail', detail: 'a failure returned as null (spec 7.1)', ...read };
  if (isRecord(body) && Object.keys(body).length === 0) return { shape: 'empty-object', status: 'fail', detail: 'a failure returned as {} (spec 7.1)', ...read };
  const shape: FailureShape = !parsed.ok ? 'bare-text' : structuredFailure ? 'structured-failure' : structuredError ? 'structured-error' : isRecord(body) && nonEmpty(body.error) ? 'no-retry-hint' : 'unstructured-json';
  if (verdict === 'accepted-then-failed') return { shape, status: 'warn', detail: `${DID_NOT_VALIDATE} (${evidence})`, ...read };
  return { shape, status: shape === 'structured-failure' || shape === 'structured-error' ? 'pass' : 'warn', detail: ERROR_DETAIL[shape] ?? shape, ...read };
}

/** How the server answered a call to a tool it does not list, and whether the answer names it. */
export function classifyUnknownTool(outcome: CallOutcome, tool: string): Classified<UnknownToolShape> & { namesTool: boolean } {
  if ('error' in outcome) {
    const shape = thrownShape(outcome.error);
    const message = serverMessage(outcome.error);
    const namesTool = message.includes(tool);
    if (shape !== 'jsonrpc-error') return { shape, status: 'fail', namesTool: false, detail: shape === 'timeout' ? 'no answer within the call timeout' : 'the server exited', excerpt: excerptOf(message) };
    return { shape, status: namesTool ? 'pass' : 'fail', namesTool, detail: namesTool ? 'a JSON-RPC error naming the tool' : 'a JSON-RPC error that does not name the tool (spec 4.1.3)', excerpt: excerptOf(message) };
  }
  const text = textOf(outcome.result);
  const namesTool = text.includes(tool);
  if (!outcome.result.isError) return { shape: 'success', status: 'fail', namesTool, detail: 'a success result for a tool that does not exist', excerpt: excerptOf(text) };
  const parsed = parseJson(text);
  const shape: UnknownToolShape = parsed.ok && typeof parsed.value === 'object' && parsed.value !== null ? 'is-error-json' : 'is-error-text';
  const kind = shape === 'is-error-json' ? 'an isError result with JSON' : 'an isError result with text';
  return { shape, status: namesTool ? 'pass' : 'fail', namesTool, detail: namesTool ? `${kind} naming the tool` : `${kind} that does not name the tool (spec 4.1.3)`, excerpt: excerptOf(text) };
}
