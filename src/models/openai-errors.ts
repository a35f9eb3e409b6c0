/**
 * Turns what the `openai` package throws (or a body that is not a chat completion) into a coded
 * ToolvetError that names the URL and says what to do next. The API key is scrubbed from every
 * message, and the SDK error is not kept as `cause`, since it carries response headers and bodies
 * that an echoing proxy could fill with the key.
 */
import type OpenAI from 'openai';
import { loadedOpenAI } from './openai-package.ts';
import { ToolvetError, type ErrorCode } from '../errors.ts';
import { clipText } from '../safety/clip.ts';

export interface ModelErrorContext {
  /** The chat-completions URL. */
  url: string;
  baseUrl: string;
  modelName: string;
  timeoutMs: number;
  /** 1 + retries. */
  attempts: number;
  maxRetryAfterMs: number;
  /** Name of the environment variable the key came from (or was expected in). */
  apiKeyEnv?: string;
  /** The key itself, only to scrub it from messages. */
  secret?: string;
}

/** A body that came back but is not a chat completion. */
export interface BadResponse {
  badResponse: string;
  body: unknown;
}

const BODY_PREVIEW_CHARS = 300;

const START_RUNNER =
  'start a local runner, e.g. `ollama serve` (then `ollama pull MODEL`), or ' +
  '`llama-server -m MODEL.gguf --jinja --port N` and pass --base-url http://127.0.0.1:N/v1';

export function redact(text: string, secret: string | undefined): string {
  if (secret === undefined || secret.length < 4) return text;
  return text.split(secret).join('***');
}

function preview(body: unknown): string {
  const text = typeof body === 'string' ? body : JSON.stringify(body) ?? String(body);
  return clipText(text, BODY_PREVIEW_CHARS + 3, { flatten: true, ellipsis: '...' });
}

/** The system error code (ECONNREFUSED, ENOTFOUND...) somewhere in a cause chain. */
function systemCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 6; depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^E[A-Z_]+$/.test(code)) return code;
    // undici wraps several attempts (IPv4 and IPv6) in an AggregateError.
    const inner = (e as { errors?: unknown[] }).errors;
    if (Array.isArray(inner) && inner.length > 0) e = inner[0];
    else e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The innermost cause's message: undici's own reasons (`bad port`, `other side closed`) live there. */
function causeMessage(error: unknown): string | undefined {
  let message: string | undefined;
  for (let e: unknown = (error as { cause?: unknown }).cause, depth = 0; e && depth < 6; depth += 1) {
    if (e instanceof Error) message = e.message;
    e = (e as { cause?: unknown }).cause;
  }
  return message;
}

const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'EADDRNOTAVAIL']);

function isBadResponse(error: unknown): error is BadResponse {
  return typeof error === 'object' && error !== null && 'badResponse' in error;
}

function build(code: ErrorCode, message: string, hint: string, ctx: ModelErrorContext): ToolvetError {
  return new ToolvetError(code, redact(message, ctx.secret), { url: ctx.url, hint: redact(hint, ctx.secret) });
}

function fromStatus(error: InstanceType<typeof OpenAI.APIError>, ctx: ModelErrorContext): ToolvetError {
  const status = error.status ?? 0;
  const detail = preview(error.error ?? error.message);
  const where = `${ctx.url} answered HTTP ${status}`;
  if (status === 429) {
    const after = error.headers?.get('retry-after');
    return build(
      'E_MODEL_RATE_LIMIT',
      `${where} (rate limited${after ? `, Retry-After: ${after}` : ''}): ${detail}`,
      `lower --concurrency, or wait and run again (retries wait out a Retry-After of up to ${ctx.maxRetryAfterMs / 1000} s)`,
      ctx,
    );
  }
  if (status === 400 && /context|too long|too many tokens|n_ctx/i.test(detail)) {
    return build(
      'E_MODEL_CONTEXT',
      `${where}: the prompt does not fit the model's context window: ${detail}`,
      'give the runner a larger context (llama-server -c N, Ollama num_ctx), or send fewer or shorter tool definitions',
      ctx,
    );
  }
  const hints: Record<number, string> = {
    401: `the endpoint wants an API key: set it in the environment variable ${ctx.apiKeyEnv ?? 'TOOLVET_API_KEY'}`,
    403: `the key in ${ctx.apiKeyEnv ?? 'TOOLVET_API_KEY'} is not allowed to use model "${ctx.modelName}"`,
    404: `check that the base URL ends in /v1 (got ${ctx.baseUrl}) and that the runner serves model "${ctx.modelName}"`,
  };
  const hint =
    hints[status] ??
    (status >= 500
      ? 'the runner failed on this request; its log usually says why (a template without tool support, output it could not parse)'
      : 'check the request options (model name, tools) against what this runner supports');
  return build('E_MODEL_HTTP', `${where}: ${detail}`, hint, ctx);
}

/** Maps anything thrown while asking the model to a ToolvetError. */
export function describeModelError(
  error: unknown,
  ctx: ModelErrorContext,
  signal?: AbortSignal,
): ToolvetError {
  if (error instanceof ToolvetError) return error;
  // Loaded by the request that failed; an error from before any request cannot be one of its classes.
  const OpenAI = loadedOpenAI();
  if (isBadResponse(error)) {
    return build(
      'E_MODEL_BAD_RESPONSE',
      `${ctx.url} did not answer with a chat completion (${error.badResponse}): ${preview(error.body)}`,
      `check that ${ctx.baseUrl} is an OpenAI-compatible endpoint (it should end in /v1)`,
      ctx,
    );
  }
  if ((OpenAI && error instanceof OpenAI.APIUserAbortError) || signal?.aborted) {
    return build('E_INTERRUPTED', `The request to ${ctx.url} was cancelled.`, 'the run was interrupted; resume it', ctx);
  }
  if (OpenAI && error instanceof OpenAI.APIConnectionTimeoutError) {
    return build(
      'E_MODEL_TIMEOUT',
      `${ctx.url} did not answer within ${ctx.timeoutMs} ms${ctx.attempts > 1 ? ` (each of ${ctx.attempts} attempts)` : ''}.`,
      'raise --model-timeout, lower --concurrency, or check that the runner is not stuck (a first request may wait for the model to load)',
      ctx,
    );
  }
  if (OpenAI && error instanceof OpenAI.APIConnectionError) {
    const code = systemCode(error);
    if (code !== undefined && UNREACHABLE.has(code)) {
      return build(
        'E_MODEL_REFUSED',
        `Cannot connect to ${ctx.baseUrl} (${code}): the local model runner is not running there.`,
        START_RUNNER,
        ctx,
      );
    }
    const reason = causeMessage(error);
    if (reason === 'bad port') {
      return build(
        'E_USAGE',
        `Cannot send to ${ctx.baseUrl}: fetch refuses that port (one of the "bad ports" the Fetch standard blocks).`,
        'run the model server on another port, e.g. 8080, and pass that in --base-url',
        ctx,
      );
    }
    return build(
      'E_MODEL_BAD_RESPONSE',
      `The connection to ${ctx.url} failed before a complete answer (${code ?? reason ?? 'no reason given'}).`,
      'the runner may have crashed or been restarted; check its log and run again',
      ctx,
    );
  }
  if (OpenAI && error instanceof OpenAI.APIError && error.status !== undefined) return fromStatus(error, ctx);
  if (error instanceof SyntaxError) {
    return build(
      'E_MODEL_BAD_RESPONSE',
      `${ctx.url} sent a body marked as JSON that does not parse: ${error.message}`,
      `check that ${ctx.baseUrl} is an OpenAI-compatible endpoint (it should end in /v1)`,
      ctx,
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return build('E_INTERNAL', `Asking ${ctx.url} failed unexpectedly: ${message}`, 'report this as a bug', ctx);
}
