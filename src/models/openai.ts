/**
 * The driver for any OpenAI-compatible chat-completions endpoint (Ollama, llama.cpp's llama-server,
 * vLLM, LM Studio, OpenAI itself): the `openai` package's wire format, retry policy and error classes,
 * sent by default over a lean transport (openai-lean.ts: node:http with kept-alive connections, fetch
 * after a redirect), or by the package's own client (`transport: 'sdk'`). Transport problems become
 * coded ToolvetErrors; a tool call with cut-off or unparsable arguments is returned as data.
 */
import type OpenAI from 'openai';
import { ToolvetError } from '../errors.ts';
import { registerSecret } from '../safety/secrets.ts';
import type { ModelDriver, ModelRequest, ModelResponse, ToolDefinition } from '../types.ts';
import { fromWireCompletion, toWireRequest } from './wire.ts';
import { describeModelError } from './openai-errors.ts';
import { createLeanTransport, retryAfterMs } from './openai-lean.ts';
import { loadOpenAI } from './openai-package.ts';

/** Ollama's OpenAI-compatible address: the most common local runner. */
export const DEFAULT_BASE_URL = 'http://127.0.0.1:11434/v1';
/** Environment variables searched for an API key when `apiKeyEnv` is not given, in order. */
export const DEFAULT_API_KEY_ENVS: readonly string[] = ['TOOLVET_API_KEY', 'OPENAI_API_KEY'];
/** Sent when no key is set: local runners need none, but the SDK and some proxies want a bearer token. */
export const PLACEHOLDER_API_KEY = 'sk-no-key';
export const DEFAULT_TIMEOUT_MS = 120_000;
export const DEFAULT_MAX_RETRIES = 2;
/** A Retry-After longer than this is not waited out: the request fails with E_MODEL_RATE_LIMIT instead. */
export const DEFAULT_MAX_RETRY_AFTER_MS = 60_000;

export interface OpenAIModelOptions {
  baseUrl?: string;
  modelName: string;
  /** Name (never the value) of the environment variable holding the API key. */
  apiKeyEnv?: string;
  /** Per attempt, covering the whole response body. */
  timeoutMs?: number;
  /** Retries on refused connections, timeouts, 408/409/429/5xx, honouring Retry-After. */
  maxRetries?: number;
  maxRetryAfterMs?: number;
  /** Default sampling temperature when a request sets none. */
  temperature?: number;
  /** Read instead of process.env; for tests and embedding. */
  env?: Record<string, string | undefined>;
  /**
   * `lean` (default): the same requests, retries and errors over node:http(s) (openai-lean.ts);
   * `sdk`: the `openai` package's client. Also set by TOOLVET_OPENAI_TRANSPORT.
   */
  transport?: 'lean' | 'sdk';
}

/** Which key to send, and from where; the value never leaves this module except in the Authorization header. */
function resolveApiKey(options: OpenAIModelOptions): { key: string; source: string | undefined } {
  const env = options.env ?? process.env;
  const names = options.apiKeyEnv !== undefined ? [options.apiKeyEnv] : DEFAULT_API_KEY_ENVS;
  for (const name of names) {
    const value = env[name];
    if (value !== undefined && value.trim() !== '') return { key: value.trim(), source: name };
  }
  return { key: PLACEHOLDER_API_KEY, source: undefined };
}

/**
 * A fetch that reads the whole body before returning, so the SDK's per-attempt timeout (which stops at
 * the headers) also covers a server that stalls mid-body; and that refuses to wait out an excessive
 * Retry-After, which the SDK would otherwise sleep through however long it is.
 */
function makeBufferedFetch(maxRetryAfter: number): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const body = await response.arrayBuffer();
    const headers = new Headers(response.headers);
    // The body is already decoded; stale length/encoding headers would misdescribe it.
    headers.delete('content-encoding');
    headers.delete('content-length');
    if (response.status === 429) {
      const wait = retryAfterMs(headers);
      if (wait !== undefined && wait > maxRetryAfter) headers.set('x-should-retry', 'false');
    }
    const nullBody = [101, 204, 205, 304].includes(response.status);
    return new Response(nullBody ? null : body, { status: response.status, statusText: response.statusText, headers });
  };
}

function checkBaseUrl(raw: string): string {
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (url !== undefined && (url.username || url.password)) {
    // Node's fetch refuses URLs with credentials, so such a URL never works; and it must never be printed.
    registerSecret(decodeURIComponent(url.password));
    registerSecret(decodeURIComponent(url.username));
    url.username = '';
    url.password = '';
    throw new ToolvetError('E_USAGE', `The model base URL ${url.toString().replace(/\/$/, '')} carries a user name or password, which are never sent from a URL.`, {
      hint: 'drop the user:password@ part and put the key in TOOLVET_API_KEY (or the variable --api-key-env names): it is sent as Authorization: Bearer',
    });
  }
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new ToolvetError('E_USAGE', `The model base URL "${raw}" is not an http(s) URL.`, {
      hint: `give the full address with its scheme, e.g. ${DEFAULT_BASE_URL}`,
    });
  }
  return raw.replace(/\/+$/, '');
}

export function createOpenAIModel(options: OpenAIModelOptions): ModelDriver {
  const baseUrl = checkBaseUrl(options.baseUrl ?? DEFAULT_BASE_URL);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS;
  const { key, source } = resolveApiKey(options);
  // Redacted from everything Toolvet writes, also when the endpoint echoes it in a normal answer.
  if (key !== PLACEHOLDER_API_KEY) registerSecret(key);
  const transport = options.transport ?? ((options.env ?? process.env).TOOLVET_OPENAI_TRANSPORT === 'sdk' ? 'sdk' : 'lean');
  const lean = transport === 'lean' ? createLeanTransport({ url: `${baseUrl}/chat/completions`, apiKey: key, timeoutMs, maxRetries, maxRetryAfterMs }) : undefined;
  // The package's client, for the `sdk` transport only, made by its first request.
  let client: OpenAI | undefined;
  const sdkClient = async (): Promise<OpenAI> => {
    const OpenAIClient = await loadOpenAI();
    return (client ??= new OpenAIClient({
      baseURL: baseUrl,
      apiKey: key,
      timeout: timeoutMs,
      maxRetries,
      fetch: makeBufferedFetch(maxRetryAfterMs),
      // The SDK refuses to run in a browser-like environment (jsdom tests) without this; harmless in Node.
      dangerouslyAllowBrowser: true,
    }));
  };
  const context = {
    url: `${baseUrl}/chat/completions`,
    baseUrl,
    modelName: options.modelName,
    timeoutMs,
    attempts: maxRetries + 1,
    maxRetryAfterMs,
    apiKeyEnv: source ?? options.apiKeyEnv,
    secret: key === PLACEHOLDER_API_KEY ? undefined : key,
  };

  // The tools' JSON, once per tools list (a run sends the same list with every case): on loopback,
  // serialising ten schemas was a tenth of the client's CPU per request (P1 in npm run bench).
  const toolsJson = new WeakMap<readonly ToolDefinition[], string>();
  const leanPayload = (wire: ReturnType<typeof toWireRequest>, tools: readonly ToolDefinition[]): string => {
    const { tools: wireTools, ...rest } = wire;
    const head = JSON.stringify({ ...rest, model: options.modelName });
    if (!wireTools) return head;
    let json = toolsJson.get(tools);
    if (json === undefined) toolsJson.set(tools, (json = JSON.stringify(wireTools)));
    return `${head.slice(0, -1)},"tools":${json}}`;
  };

  async function complete(request: ModelRequest): Promise<ModelResponse> {
    let wire: ReturnType<typeof toWireRequest>;
    try {
      wire = toWireRequest(request);
    } catch (error) {
      throw new ToolvetError('E_INTERNAL', `Cannot send this conversation: ${(error as Error).message}.`);
    }
    if (wire.temperature === undefined && options.temperature !== undefined) wire.temperature = options.temperature;
    let body: unknown;
    try {
      // The SDK's types describe OpenAI's own server; a local runner may answer anything, so check it below.
      body = lean
        ? await lean(leanPayload(wire, request.tools), request.signal, request.deadline)
        : await (await sdkClient()).chat.completions.create({ ...wire, model: options.modelName } as OpenAI.Chat.ChatCompletionCreateParamsNonStreaming, { signal: request.signal });
    } catch (error) {
      throw describeModelError(error, context, request.signal);
    }
    const response = fromWireCompletion(body);
    if (typeof response === 'string') {
      throw describeModelError({ badResponse: response, body }, context, request.signal);
    }
    return response;
  }

  return {
    // checkBaseUrl refused any user:password@ part, so the id (in results and cassettes) carries none.
    id: `openai:${options.modelName}@${baseUrl}`,
    // The lean path keeps the runner's case deadline with its own timer (one per try).
    ...(lean ? { ownsDeadline: true } : {}),
    complete,
  };
}
