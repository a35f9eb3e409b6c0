/**
 * The OpenAI chat-completions wire format and its mapping to and from our types (src/types.ts), in both
 * directions: the `openai` driver maps ours -> wire for requests and wire -> ours for responses; the mock
 * server does the reverse. One file keeps the two directions honest with each other.
 */
import type {
  ChatMessage,
  FinishReason,
  ModelRequest,
  ModelResponse,
  ToolCall,
  ToolChoice,
  ToolDefinition,
} from '../types.ts';

export interface WireToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export type WireMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: WireToolCall[] }
  | { role: 'tool'; content: string; tool_call_id: string };

export interface WireTool {
  type: 'function';
  function: { name: string; description?: string; parameters: Record<string, unknown> };
}

export type WireToolChoice = 'auto' | 'none' | 'required' | { type: 'function'; function: { name: string } };

export interface WireChatRequest {
  model: string;
  messages: WireMessage[];
  tools?: WireTool[];
  tool_choice?: WireToolChoice;
  temperature?: number;
  max_tokens?: number;
  seed?: number;
}

export type WireFinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter' | 'function_call';

export interface WireChatCompletion {
  id: string;
  object: 'chat.completion';
  created: number;
  model: string;
  choices: Array<{
    index: number;
    message: { role: 'assistant'; content: string | null; tool_calls?: WireToolCall[]; refusal: null };
    finish_reason: WireFinishReason;
    logprobs: null;
  }>;
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
}

// ---------------------------------------------------------------- ours -> wire (the driver's requests)

export function toWireMessage(message: ChatMessage, index: number): WireMessage {
  switch (message.role) {
    case 'system':
    case 'user':
      return { role: message.role, content: message.content };
    case 'assistant': {
      const calls = message.toolCalls ?? [];
      if (calls.length === 0) return { role: 'assistant', content: message.content };
      return {
        role: 'assistant',
        // The wire format wants null, not '', beside tool calls; some runners reject ''.
        content: message.content === '' ? null : message.content,
        tool_calls: calls.map((call) => ({
          id: call.id,
          type: 'function',
          function: { name: call.name, arguments: call.rawArguments },
        })),
      };
    }
    case 'tool':
      if (!message.toolCallId) {
        throw new TypeError(`messages[${index}] has role "tool" but no toolCallId saying which call it answers`);
      }
      return { role: 'tool', content: message.content, tool_call_id: message.toolCallId };
  }
}

export function toWireTool(tool: ToolDefinition): WireTool {
  const fn: WireTool['function'] = { name: tool.name, parameters: tool.inputSchema };
  if (tool.description !== undefined) fn.description = tool.description;
  return { type: 'function', function: fn };
}

export function toWireToolChoice(choice: ToolChoice): WireToolChoice {
  return typeof choice === 'string' ? choice : { type: 'function', function: { name: choice.name } };
}

/** The request body, without `model`. Tools and tool_choice are left out when there are no tools. */
export function toWireRequest(request: ModelRequest): Omit<WireChatRequest, 'model'> {
  const body: Omit<WireChatRequest, 'model'> = { messages: request.messages.map(toWireMessage) };
  if (request.tools.length > 0) {
    body.tools = request.tools.map(toWireTool);
    if (request.toolChoice !== undefined) body.tool_choice = toWireToolChoice(request.toolChoice);
  }
  if (request.temperature !== undefined) body.temperature = request.temperature;
  if (request.maxTokens !== undefined) body.max_tokens = request.maxTokens;
  if (request.seed !== undefined) body.seed = request.seed;
  return body;
}

// ---------------------------------------------------------------- wire -> ours (the driver's responses)

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Parsed arguments when the string is a JSON object; undefined for anything else (cut off, bad JSON, array). */
export function parseArguments(raw: string): { [key: string]: unknown } | undefined {
  try {
    const value: unknown = JSON.parse(raw);
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

const FINISH_REASONS: Record<string, FinishReason> = {
  stop: 'stop',
  tool_calls: 'tool_calls',
  function_call: 'tool_calls',
  length: 'length',
  content_filter: 'content_filter',
};

function fromWireToolCall(value: unknown, index: number): ToolCall | undefined {
  if (!isRecord(value) || !isRecord(value.function)) return undefined;
  const fn = value.function;
  // Some runners send arguments as an object rather than a JSON string; keep both forms.
  const rawArguments =
    typeof fn.arguments === 'string' ? fn.arguments : fn.arguments === undefined ? '' : JSON.stringify(fn.arguments);
  const call: ToolCall = {
    id: typeof value.id === 'string' && value.id !== '' ? value.id : `call_${index}`,
    name: typeof fn.name === 'string' ? fn.name : '',
    rawArguments,
  };
  const parsed = parseArguments(rawArguments);
  if (parsed !== undefined) call.arguments = parsed;
  return call;
}

/**
 * Maps a chat-completion body to a ModelResponse, or returns a sentence saying why it is not one.
 * Tool calls whose arguments do not parse are kept, without `arguments`: that is a per-case failure
 * for the runner to score, not an exception.
 */
export function fromWireCompletion(body: unknown): ModelResponse | string {
  if (!isRecord(body)) return `the body is ${body === null ? 'null' : typeof body}, not a JSON object`;
  if (!Array.isArray(body.choices)) return 'the body has no "choices" array';
  const choice: unknown = body.choices[0];
  if (!isRecord(choice) || !isRecord(choice.message)) return 'the body has no choices[0].message object';
  const message = choice.message;
  if (message.content !== undefined && message.content !== null && typeof message.content !== 'string') {
    return 'choices[0].message.content is neither a string nor null';
  }
  const rawCalls: unknown[] = Array.isArray(message.tool_calls) ? message.tool_calls : [];
  // The legacy single `function_call` field, still sent by a few older runners.
  if (rawCalls.length === 0 && isRecord(message.function_call)) rawCalls.push({ function: message.function_call });
  const toolCalls: ToolCall[] = [];
  for (const [index, raw] of rawCalls.entries()) {
    const call = fromWireToolCall(raw, index);
    if (call === undefined) return `choices[0].message.tool_calls[${index}] has no "function" object`;
    toolCalls.push(call);
  }
  const wireReason = typeof choice.finish_reason === 'string' ? choice.finish_reason : '';
  const response: ModelResponse = {
    text: typeof message.content === 'string' ? message.content : '',
    toolCalls,
    finishReason: FINISH_REASONS[wireReason] ?? 'unknown',
  };
  const usage = body.usage;
  if (isRecord(usage) && typeof usage.prompt_tokens === 'number' && typeof usage.completion_tokens === 'number') {
    response.usage = { promptTokens: usage.prompt_tokens, completionTokens: usage.completion_tokens };
  }
  if (typeof body.model === 'string') response.model = body.model;
  return response;
}

// ---------------------------------------------------------------- wire -> ours (the mock server's requests)

export function fromWireMessage(message: WireMessage): ChatMessage {
  switch (message.role) {
    case 'assistant': {
      const out: ChatMessage = { role: 'assistant', content: message.content ?? '' };
      if (message.tool_calls?.length) {
        out.toolCalls = message.tool_calls.map((call) => {
          const toolCall: ToolCall = { id: call.id, name: call.function.name, rawArguments: call.function.arguments };
          const parsed = parseArguments(call.function.arguments);
          if (parsed !== undefined) toolCall.arguments = parsed;
          return toolCall;
        });
      }
      return out;
    }
    case 'tool':
      return { role: 'tool', content: message.content, toolCallId: message.tool_call_id };
    default:
      return { role: message.role, content: message.content };
  }
}

export function fromWireTool(tool: WireTool): ToolDefinition {
  const out: ToolDefinition = {
    name: tool.function.name,
    inputSchema: tool.function.parameters ?? { type: 'object', properties: {} },
  };
  if (tool.function.description !== undefined) out.description = tool.function.description;
  return out;
}

export function fromWireToolChoice(choice: WireToolChoice): ToolChoice {
  return typeof choice === 'string' ? choice : { name: choice.function.name };
}

// ---------------------------------------------------------------- ours -> wire (the mock server's responses)

const WIRE_FINISH: Record<FinishReason, WireFinishReason> = {
  stop: 'stop',
  tool_calls: 'tool_calls',
  length: 'length',
  content_filter: 'content_filter',
  error: 'stop',
  unknown: 'stop',
};

export function toWireCompletion(response: ModelResponse, fallbackModel: string, id: string): WireChatCompletion {
  const message: WireChatCompletion['choices'][0]['message'] = {
    role: 'assistant',
    content: response.toolCalls.length > 0 && response.text === '' ? null : response.text,
    refusal: null,
  };
  if (response.toolCalls.length > 0) {
    message.tool_calls = response.toolCalls.map((call) => ({
      id: call.id,
      type: 'function',
      function: { name: call.name, arguments: call.rawArguments },
    }));
  }
  const usage = response.usage ?? { promptTokens: 0, completionTokens: 0 };
  return {
    id,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: response.model ?? fallbackModel,
    choices: [{ index: 0, message, finish_reason: WIRE_FINISH[response.finishReason], logprobs: null }],
    usage: {
      prompt_tokens: usage.promptTokens,
      completion_tokens: usage.completionTokens,
      total_tokens: usage.promptTokens + usage.completionTokens,
    },
  };
}
