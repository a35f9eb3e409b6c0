/**
 * Reply builders for the fault endpoint: a well-formed chat completion, and the faults real runners were
 * seen to produce (bodies shaped like llama.cpp's, see the llama integration test).
 */
import type { FaultReply, FaultScript } from './fault-endpoint.ts';

export interface ScriptedCall {
  name: string;
  /** The raw argument string, sent as is (so it may be cut off or not JSON at all). */
  arguments: string;
  id?: string;
}

export interface CompletionSpec {
  content?: string | null;
  toolCalls?: ScriptedCall[];
  /** Default: `tool_calls` when there are calls, else `stop`. */
  finishReason?: string;
  model?: string;
  usage?: { prompt_tokens: number; completion_tokens: number };
}

let counter = 0;

/** A chat-completion body in the OpenAI wire format. */
export function completionBody(spec: CompletionSpec = {}): Record<string, unknown> {
  counter += 1;
  const calls = spec.toolCalls ?? [];
  const message: Record<string, unknown> = { role: 'assistant', content: spec.content ?? (calls.length ? null : '') };
  if (calls.length > 0) {
    message.tool_calls = calls.map((call, i) => ({
      id: call.id ?? `call_fault_${counter}_${i}`,
      type: 'function',
      function: { name: call.name, arguments: call.arguments },
    }));
  }
  const usage = spec.usage ?? { prompt_tokens: 10, completion_tokens: 5 };
  return {
    id: `chatcmpl-fault-${counter}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: spec.model ?? 'fault-model',
    choices: [{ index: 0, message, finish_reason: spec.finishReason ?? (calls.length ? 'tool_calls' : 'stop'), logprobs: null }],
    usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
  };
}

export function completion(spec: CompletionSpec = {}): FaultReply {
  return { json: completionBody(spec) };
}

/** One well-formed tool call. */
export function toolCall(name: string, args: Record<string, unknown>): FaultReply {
  return completion({ toolCalls: [{ name, arguments: JSON.stringify(args) }] });
}

/** A plain answer without a tool call. */
export function textAnswer(content: string): FaultReply {
  return completion({ content });
}

/** Arguments cut off mid-JSON by the token limit, as llama.cpp sends them: finish_reason `length`. */
export function truncatedArguments(name: string, prefix = '{"query": "bees and'): FaultReply {
  return completion({ toolCalls: [{ name, arguments: prefix }], finishReason: 'length' });
}

/** Arguments that are complete but not a JSON object. */
export function unparsableArguments(name: string, raw = "{query: 'bees'}"): FaultReply {
  return completion({ toolCalls: [{ name, arguments: raw }] });
}

/** A call to a tool nobody listed. */
export function hallucinatedTool(name = 'summon_unicorn'): FaultReply {
  return completion({ toolCalls: [{ name, arguments: '{}' }] });
}

function errorReply(status: number, message: string, type: string, extra: Record<string, unknown> = {}): FaultReply {
  return { status, json: { error: { code: status, message, type, ...extra } } };
}

/** llama.cpp's answer when the prompt does not fit: HTTP 400, type exceed_context_size_error. */
export function contextExceeded(nPrompt = 60019, nCtx = 32768): FaultReply {
  return errorReply(
    400,
    `request (${nPrompt} tokens) exceeds the available context size (${nCtx} tokens), try increasing it`,
    'exceed_context_size_error',
    { n_prompt_tokens: nPrompt, n_ctx: nCtx },
  );
}

/** HTTP 500, as llama.cpp answers when the model's output does not parse. */
export function serverError(message = 'Failed to parse tool call arguments as JSON'): FaultReply {
  return errorReply(500, message, 'server_error');
}

/** HTTP 429 with Retry-After in seconds. */
export function rateLimited(retryAfterSeconds: number): FaultReply {
  return {
    ...errorReply(429, 'Rate limit reached, slow down', 'rate_limit_error'),
    headers: { 'retry-after': String(retryAfterSeconds) },
  };
}

/** An HTML page where JSON belongs: a proxy or the wrong port. */
export function notJson(status = 200): FaultReply {
  return {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8' },
    raw: '<!doctype html><html><body><h1>Welcome to nginx!</h1></body></html>',
  };
}

/** A body labelled JSON that is not. */
export function brokenJson(): FaultReply {
  return { headers: { 'content-type': 'application/json' }, raw: '{"id": "chatcmpl-1", "choices": [' };
}

/** Answers after `ms`: longer than the client's timeout makes a timeout. */
export function slow(reply: FaultReply, ms: number): FaultReply {
  return { ...reply, delayMs: ms };
}

/**
 * A runner whose chat template lacks tool support: it accepts `tools` and silently answers in prose,
 * for every request. Counts how often it was asked with tools in `asked.withTools`.
 */
export function toolsIgnored(content = 'I would search the library for that.'): FaultScript & { asked: { withTools: number } } {
  const asked = { withTools: 0 };
  const script: FaultScript = (request) => {
    if (request.method === 'GET' && request.path.endsWith('/models')) {
      return { json: { object: 'list', data: [{ id: 'fault-model', object: 'model', created: 0, owned_by: 'fault-endpoint' }] } };
    }
    const body = request.body as { tools?: unknown[] } | undefined;
    if (Array.isArray(body?.tools) && body.tools.length > 0) asked.withTools += 1;
    return textAnswer(content);
  };
  return Object.assign(script, { asked });
}
