/**
 * The one agent loop (scenarios and the skills behaviour eval): the model answers or calls tools;
 * every call of an answer is executed by the caller (live servers, load_skill, the safety rule) in the
 * order the model gave them, and each result goes back to the model, until a text answer, `maxTurns`
 * model turns, or a spent budget. The whole transcript and every turn's usage and timings are kept.
 * A model error ends the run as data.
 */
import type { InputExchange } from '../servers/input-requests.ts';
import { toErrorInfo, type ErrorInfo } from '../errors.ts';
import { reportedLatency } from '../models/replay.ts';
import type { ChatMessage, FinishReason, ModelDriver, ToolCall, ToolDefinition } from '../types.ts';

export const DEFAULT_MAX_TURNS = 6;

export interface ExecutedCall {
  text: string;
  isError: boolean;
  server?: string;
  /** Set when the call was not sent to a server: `held` by the safety rule, or `invalid`. */
  notRun?: { status: 'held' | 'invalid'; why: string };
  /** Set when the result breaks the tool's outputSchema or its text disagrees (src/servers/structured-result.ts). */
  structured?: StructuredFinding;
  /** Input requests the server made during the call, with the answers they got. */
  inputs?: InputExchange[];
}

/** A structured-result finding of one call. */
export interface StructuredFinding {
  status: 'warn' | 'fail';
  detail: string;
  path?: string;
}

export interface AgentLoopOptions {
  model: ModelDriver;
  /** The opening transcript (system, earlier turns, the request); else built from systemPrompt and query. */
  messages?: ChatMessage[];
  systemPrompt?: string;
  query?: string;
  tools: ToolDefinition[];
  execute: (call: ToolCall) => Promise<ExecutedCall>;
  maxTurns?: number;
  /** Stop once the run has used more than this many tokens or milliseconds. */
  budget?: { tokens?: number; latencyMs?: number };
  temperature?: number;
  maxTokens?: number;
  signal?: AbortSignal;
}

export interface ToolCallRecord {
  name: string;
  arguments: Record<string, unknown> | null;
  server?: string;
  result: string;
  isError: boolean;
}

export interface LoopCall {
  call: ToolCall;
  executed: ExecutedCall;
  latencyMs: number;
}

export interface LoopTurn {
  turn: number;
  text: string;
  finishReason: FinishReason;
  promptTokens: number;
  completionTokens: number;
  latencyMs: number;
  calls: LoopCall[];
}

export interface LoopOutcome {
  transcript: ChatMessage[];
  stop: 'answer' | 'max-turns' | 'budget' | 'error';
  turns: number;
  toolCalls: ToolCallRecord[];
  finalText: string;
  error?: ErrorInfo;
  /** Every model turn with its calls, usage and timings. */
  steps: LoopTurn[];
  /** Which budget stopped the run, in words (stop `budget`). */
  budgetSpent?: string;
}

export async function runAgentLoop(options: AgentLoopOptions): Promise<LoopOutcome> {
  const maxTurns = options.maxTurns ?? DEFAULT_MAX_TURNS;
  const transcript: ChatMessage[] = options.messages
    ? [...options.messages]
    : [
        { role: 'system', content: options.systemPrompt ?? '' },
        { role: 'user', content: options.query ?? '' },
      ];
  const toolCalls: ToolCallRecord[] = [];
  const steps: LoopTurn[] = [];
  let tokens = 0;
  let elapsed = 0;
  const outcome = (stop: LoopOutcome['stop'], extra: Partial<LoopOutcome> = {}): LoopOutcome => ({ transcript, stop, turns: steps.length, toolCalls, finalText: '', ...extra, steps });
  while (steps.length < maxTurns) {
    const started = performance.now();
    let response;
    try {
      response = await options.model.complete({
        messages: transcript,
        tools: options.tools,
        toolChoice: 'auto',
        ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
        ...(options.maxTokens !== undefined ? { maxTokens: options.maxTokens } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      });
    } catch (error) {
      // The failed turn counts: the model was asked.
      steps.push({ turn: steps.length + 1, text: '', finishReason: 'error', promptTokens: 0, completionTokens: 0, latencyMs: reportedLatency(error) ?? performance.now() - started, calls: [] });
      return outcome('error', { turns: steps.length, error: toErrorInfo(error) });
    }
    const step: LoopTurn = {
      turn: steps.length + 1,
      text: response.text,
      finishReason: response.finishReason,
      promptTokens: response.usage?.promptTokens ?? 0,
      completionTokens: response.usage?.completionTokens ?? 0,
      latencyMs: reportedLatency(response) ?? performance.now() - started,
      calls: [],
    };
    steps.push(step);
    tokens += step.promptTokens + step.completionTokens;
    elapsed += step.latencyMs;
    const assistant: ChatMessage = { role: 'assistant', content: response.text };
    // Arguments that are not JSON (cut off) go back as {}: llama.cpp answers HTTP 500 to a transcript
    // holding them. The call's record keeps what the model sent, and its result says what went wrong.
    if (response.toolCalls.length > 0) assistant.toolCalls = response.toolCalls.map((c) => (c.arguments ? c : { ...c, rawArguments: '{}' }));
    transcript.push(assistant);
    if (response.toolCalls.length === 0) return outcome('answer', { turns: steps.length, finalText: response.text });
    // Every call of the answer runs, one after another in the model's order, so state changes are reproducible.
    for (const call of response.toolCalls) {
      const callStarted = performance.now();
      const executed = await options.execute(call);
      const latencyMs = executed.notRun ? 0 : performance.now() - callStarted;
      elapsed += latencyMs;
      step.calls.push({ call, executed, latencyMs });
      toolCalls.push({ name: call.name, arguments: call.arguments ?? null, ...(executed.server ? { server: executed.server } : {}), result: executed.text, isError: executed.isError });
      transcript.push({ role: 'tool', content: executed.text, toolCallId: call.id });
    }
    const budget = options.budget;
    if (budget?.tokens !== undefined && tokens > budget.tokens) return outcome('budget', { budgetSpent: `${tokens} tokens used, over the budget of ${budget.tokens}` });
    if (budget?.latencyMs !== undefined && elapsed > budget.latencyMs) return outcome('budget', { budgetSpent: `${Math.round(elapsed)} ms spent, over the budget of ${budget.latencyMs} ms` });
  }
  return outcome('max-turns');
}
