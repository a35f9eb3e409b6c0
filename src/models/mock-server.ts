/**
 * Serves any ModelDriver (normally the mock model) as an OpenAI-compatible endpoint over node:http:
 * `POST /v1/chat/completions` (tools, tool_choice, tool_calls; `stream: true` as server-sent events),
 * `GET /v1/models` and `GET /health`. Bad requests get OpenAI-style error bodies, so any OpenAI client,
 * ours included, can be tested against it over real HTTP.
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import type { ValidateFunction } from 'ajv';
import { lazyRequire } from '../lazy-require.ts';
import { listen, LOCAL_HOST } from '../http/listen.ts';
import type { ModelDriver, ModelRequest, ToolChoice } from '../types.ts';
import { toJsonPath } from '../config/validate.ts';
import {
  fromWireMessage,
  fromWireTool,
  fromWireToolChoice,
  toWireCompletion,
  type WireChatCompletion,
  type WireMessage,
  type WireTool,
  type WireToolCall,
  type WireToolChoice,
} from './wire.ts';
import { chatRequestSchema } from './mock-server-schema.ts';

export interface MockServerOptions {
  driver: ModelDriver;
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** The model id `GET /v1/models` lists and responses report. Default `toolvet-mock`. */
  modelName?: string;
}

export interface MockServer {
  /** The base URL, ending in /v1: what an OpenAI client takes as `baseURL`. */
  url: string;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 32 * 1024 * 1024;

// Compiled on the first request, not at import: importing the package must not pay for a server it may never start.
const ajvModule = lazyRequire<typeof import('ajv')>('ajv');
let compiledRequest: ValidateFunction | undefined;
function requestValidator(): ValidateFunction {
  return (compiledRequest ??= new (ajvModule().Ajv)({ allErrors: false, strict: false }).compile(chatRequestSchema));
}

class RequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly param: string | null = null,
    readonly type = 'invalid_request_error',
  ) {
    super(message);
  }
}

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
  res.end(payload);
}

function sendError(res: http.ServerResponse, error: RequestError): void {
  sendJson(res, error.status, { error: { message: error.message, type: error.type, param: error.param, code: null } });
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new RequestError(413, `The request body is larger than ${MAX_BODY_BYTES} bytes.`));
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

interface RawMessage {
  role: string;
  content?: string | null | Array<{ type: string; text?: string }>;
  tool_calls?: WireToolCall[];
  tool_call_id?: string;
}

/** Accepts content as a string or as text parts, and the newer `developer` role as `system`. */
function normaliseMessage(raw: RawMessage, index: number): WireMessage {
  const content = Array.isArray(raw.content)
    ? raw.content.map((part) => (part.type === 'text' ? part.text ?? '' : '')).join('')
    : raw.content ?? '';
  const role = raw.role === 'developer' ? 'system' : raw.role;
  if (role === 'tool') {
    if (raw.tool_call_id === undefined) {
      throw new RequestError(400, `messages[${index}] has role "tool" but no tool_call_id.`, `messages[${index}].tool_call_id`);
    }
    return { role, content, tool_call_id: raw.tool_call_id };
  }
  if (role === 'assistant') return { role, content, tool_calls: raw.tool_calls };
  return { role: role as 'system' | 'user', content };
}

/** Validates a wire request and turns it into a ModelRequest, or throws a RequestError. */
export function parseChatRequest(body: unknown): { request: ModelRequest; model: string; stream: boolean; includeUsage: boolean } {
  const validateRequest = requestValidator();
  if (!validateRequest(body)) {
    const error = validateRequest.errors![0];
    const path = toJsonPath(error.instancePath, error.keyword === 'required' ? String(error.params.missingProperty) : undefined);
    const param = path.replace(/^\$\.?/, '');
    throw new RequestError(400, `Invalid request: ${param || 'body'} ${error.keyword === 'required' ? 'is required' : error.message}.`, param || null);
  }
  const wire = body as {
    model: string;
    messages: RawMessage[];
    tools?: WireTool[];
    tool_choice?: WireToolChoice;
    temperature?: number;
    max_tokens?: number;
    max_completion_tokens?: number;
    seed?: number;
    stream?: boolean;
    stream_options?: { include_usage?: boolean };
  };
  const tools = (wire.tools ?? []).map(fromWireTool);
  let toolChoice: ToolChoice | undefined = wire.tool_choice === undefined ? undefined : fromWireToolChoice(wire.tool_choice);
  if (typeof toolChoice === 'object' && !tools.some((t) => t.name === (toolChoice as { name: string }).name)) {
    throw new RequestError(400, `tool_choice names "${toolChoice.name}", which is not in tools.`, 'tool_choice');
  }
  if (toolChoice !== undefined && tools.length === 0 && toolChoice !== 'none' && toolChoice !== 'auto') {
    throw new RequestError(400, 'tool_choice is only allowed when tools are given.', 'tool_choice');
  }
  if (tools.length === 0) toolChoice = undefined;
  const request: ModelRequest = { messages: wire.messages.map((m, i) => fromWireMessage(normaliseMessage(m, i))), tools };
  if (toolChoice !== undefined) request.toolChoice = toolChoice;
  if (wire.temperature !== undefined) request.temperature = wire.temperature;
  const maxTokens = wire.max_completion_tokens ?? wire.max_tokens;
  if (maxTokens !== undefined) request.maxTokens = maxTokens;
  if (wire.seed !== undefined) request.seed = wire.seed;
  return { request, model: wire.model, stream: wire.stream === true, includeUsage: wire.stream_options?.include_usage === true };
}

/** The same completion as server-sent chunks: role and content, then each tool call whole, then the finish. */
function sendStream(res: http.ServerResponse, completion: WireChatCompletion, includeUsage: boolean): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  const { message, finish_reason } = completion.choices[0];
  const base = { id: completion.id, object: 'chat.completion.chunk', created: completion.created, model: completion.model };
  const chunk = (delta: unknown, finish: string | null, extra: object = {}): void => {
    res.write(`data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }], ...extra })}\n\n`);
  };
  chunk({ role: 'assistant', content: message.content ?? '' }, null);
  for (const [index, call] of (message.tool_calls ?? []).entries()) chunk({ tool_calls: [{ index, ...call }] }, null);
  chunk({}, finish_reason);
  if (includeUsage) res.write(`data: ${JSON.stringify({ ...base, choices: [], usage: completion.usage })}\n\n`);
  res.end('data: [DONE]\n\n');
}

async function handleChat(req: http.IncomingMessage, res: http.ServerResponse, options: MockServerOptions): Promise<void> {
  const text = await readBody(req);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new RequestError(400, `The request body is not valid JSON: ${(error as Error).message}`);
  }
  const { request, model, stream, includeUsage } = parseChatRequest(body);
  let response;
  try {
    response = await options.driver.complete(request);
  } catch (error) {
    throw new RequestError(500, `The model failed: ${(error as Error).message}`, null, 'server_error');
  }
  const completion = toWireCompletion(response, model || (options.modelName ?? 'toolvet-mock'), `chatcmpl-${randomUUID()}`);
  if (stream) sendStream(res, completion, includeUsage);
  else sendJson(res, 200, completion);
}

export async function startMockServer(options: MockServerOptions): Promise<MockServer> {
  const modelName = options.modelName ?? 'toolvet-mock';
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0].replace(/\/+$/, '');
    const route = `${req.method} ${path}`;
    let work: Promise<void>;
    if (route === 'POST /v1/chat/completions') work = handleChat(req, res, options);
    else if (route === 'GET /v1/models') {
      sendJson(res, 200, { object: 'list', data: [{ id: modelName, object: 'model', created: 0, owned_by: 'toolvet' }] });
      return;
    } else if (route === 'GET /health') {
      sendJson(res, 200, { status: 'ok' });
      return;
    } else {
      const known = ['/v1/chat/completions', '/v1/models', '/health'].includes(path);
      sendError(res, new RequestError(known ? 405 : 404, known ? `${req.method} is not allowed on ${path}.` : `No route ${req.method} ${path}; this server offers POST /v1/chat/completions and GET /v1/models.`));
      return;
    }
    work.catch((error: unknown) => {
      const failure = error instanceof RequestError ? error : new RequestError(500, String(error), null, 'server_error');
      if (!res.headersSent) sendError(res, failure);
      else res.end();
    });
  });
  const listening = await listen(server, options.port ?? 0, options.host ?? LOCAL_HOST);
  return { url: `${listening.origin}/v1`, close: listening.close };
}
