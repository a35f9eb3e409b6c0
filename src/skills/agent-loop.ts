/**
 * The agent loop of a behaviour eval: the model answers or calls tools; each call is executed by the
 * caller (live servers, load_skill) and its result goes back to the model, until a final answer or
 * `maxTurns` model turns. The whole transcript is kept. A model error ends the run as data.
 */
import { toErrorInfo } from '../errors.ts';
import type { ChatMessage, ModelDriver, ToolCall, ToolDefinition } from '../types.ts';
import type { AgentRun, ToolCallRecord } from './result-types.ts';

export const DEFAULT_MAX_TURNS = 6;

export interface ExecutedCall {
  text: string;
  isError: boolean;
  server?: string;
}

export interface AgentLoopOptions {
  model: ModelDriver;
  systemPrompt: string;
  query: string;
  tools: ToolDefinition[];
  execute: (call: ToolCall) => Promise<ExecutedCall>;
  maxTurns?: number;
  temperature?: number;
  maxTokens?: number;
  signal?: AbortSignal;
}

export type LoopOutcome = Omit<AgentRun, 'arm' | 'scores' | 'loadedSkills'>;

export async function runAgentLoop(options: AgentLoopOptions): Promise<LoopOutcome> {
  const maxTurns = options.maxTurns ?? DEFAULT_MAX_TURNS;
  const transcript: ChatMessage[] = [
    { role: 'system', content: options.systemPrompt },
    { role: 'user', content: options.query },
  ];
  const toolCalls: ToolCallRecord[] = [];
  let turns = 0;
  while (turns < maxTurns) {
    turns += 1;
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
      return { transcript, stop: 'error', turns, toolCalls, finalText: '', error: toErrorInfo(error) };
    }
    const assistant: ChatMessage = { role: 'assistant', content: response.text };
    if (response.toolCalls.length > 0) assistant.toolCalls = response.toolCalls;
    transcript.push(assistant);
    if (response.toolCalls.length === 0) return { transcript, stop: 'answer', turns, toolCalls, finalText: response.text };
    for (const call of response.toolCalls) {
      const executed = await options.execute(call);
      toolCalls.push({
        name: call.name,
        arguments: call.arguments ?? null,
        ...(executed.server ? { server: executed.server } : {}),
        result: executed.text,
        isError: executed.isError,
      });
      transcript.push({ role: 'tool', content: executed.text, toolCallId: call.id });
    }
  }
  return { transcript, stop: 'max-turns', turns, toolCalls, finalText: '' };
}
