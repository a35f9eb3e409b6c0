/**
 * The mock model: a deterministic, offline, in-process baseline that reacts to wording the way a
 * model does, so rewording a description moves its choices. It is a lexical baseline, not a model.
 *
 * Selection: every tool (or `oneOf` alternative, see mock-index.ts) is scored against the last user
 * message with BM25F over stemmed words (see mock-rank.ts); words found only in a tool's "Do NOT use
 * for ..." clause count against it. The best candidate is called when its score exceeds `threshold`;
 * otherwise the mock answers in text. Arguments are inferred by mock-args.ts.
 * After a tool result it answers in text quoting the result, so agent loops end.
 */
import { ToolproofError } from '../errors.ts';
import { inferArguments } from './mock-args.ts';
import { indexTools, type Alternative, type ToolIndex } from './mock-index.ts';
import { bestCandidate, rankIndex } from './mock-rank.ts';
import { terms } from './text/tokenize.ts';
import type { ChatMessage, ModelDriver, ModelRequest, ModelResponse, ToolCall, ToolDefinition } from '../types.ts';

export { rankTools, type ToolScore, type RankOptions } from './mock-rank.ts';

interface Choice {
  name: string;
  alternative?: Alternative;
  score: number;
}

export interface MockOptions {
  /**
   * A tool is called only when its score is above this. The default, 2.5, sits just above what one
   * request word matching one description word scores (about 2.2-2.4), so a single incidental word
   * ("what is a DOI?") does not trigger a call, while a name or title hit, or two words, does.
   */
  threshold?: number;
  /** Multiplier on the "Do NOT use for" penalty; 0 ignores exclusion clauses. Default 1. */
  negativeWeight?: number;
}

export const DEFAULT_THRESHOLD = 2.5;

/** About four characters per token, the usual rule of thumb for English and JSON. */
function estimateTokens(chars: number): number {
  return Math.ceil(chars / 4);
}

/** A stable call id from the tool and request (FNV-1a, 32 bits: ids need only be deterministic). */
function callId(query: string, name: string): string {
  let hash = 0x811c9dc5;
  const text = `${name}\u0000${query}`;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return `call_${(hash >>> 0).toString(16).padStart(8, '0')}`;
}

function lastUserMessage(messages: readonly ChatMessage[]): string {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i].role === 'user') return messages[i].content;
  return '';
}

function pick(
  index: ToolIndex,
  queryTerms: readonly string[],
  request: ModelRequest,
  threshold: number,
  negativeWeight: number,
): { chosen?: Choice; best?: Choice } {
  const choice = request.toolChoice;
  const tools = request.tools;
  if (choice === 'none') return {};
  if (choice && typeof choice === 'object') {
    const forced = tools.find((tool) => tool.name === choice.name);
    if (!forced) {
      throw new ToolproofError('E_UNKNOWN_TOOL', `tool_choice names "${choice.name}", which is not among the ${tools.length} tools sent`, {
        tool: choice.name,
        hint: `Name one of: ${tools.map((tool) => tool.name).join(', ')}.`,
      });
    }
    // A forced tool with alternatives still takes the best-scoring one.
    const ranked = rankIndex(index, queryTerms, { negativeWeight }).find((score) => score.name === forced.name);
    return { chosen: { name: forced.name, score: ranked?.score ?? 0, ...(ranked?.alternative ? { alternative: ranked.alternative } : {}) } };
  }
  const top = bestCandidate(index, queryTerms, { negativeWeight }); // undefined when no tools were sent
  if (!top) return {};
  const candidate = index.candidates[top.candidate];
  const best: Choice = { name: candidate.tool.name, score: top.score, ...(candidate.alternative ? { alternative: candidate.alternative } : {}) };
  return choice === 'required' || top.score > threshold ? { chosen: best, best } : { best };
}

export function createMockModel(options: MockOptions = {}): ModelDriver {
  const threshold = options.threshold ?? DEFAULT_THRESHOLD;
  const negativeWeight = options.negativeWeight ?? 1;

  async function complete(request: ModelRequest): Promise<ModelResponse> {
    const messages = request.messages;
    const promptChars = messages.reduce((sum, message) => sum + message.content.length, 0);
    const last = messages[messages.length - 1];
    const index = indexTools(request.tools);
    const promptTokens = estimateTokens(promptChars + (request.tools.length ? index.definitionChars : 0));

    if (last?.role === 'tool') {
      const text = `The tool returned: ${last.content.length > 200 ? `${last.content.slice(0, 200)}...` : last.content}`;
      return { text, toolCalls: [], finishReason: 'stop', usage: { promptTokens, completionTokens: estimateTokens(text.length) }, model: 'mock' };
    }

    const query = lastUserMessage(messages);
    const queryTerms = terms(query);
    const { chosen, best } = pick(index, queryTerms, request, threshold, negativeWeight);
    if (!chosen) {
      const text = best
        ? `I can answer without a tool: no tool fits this request well enough (best ${best.name} at ${best.score.toFixed(2)}, threshold ${threshold}).`
        : 'I can answer without a tool.';
      return { text, toolCalls: [], finishReason: 'stop', usage: { promptTokens, completionTokens: estimateTokens(text.length) }, model: 'mock' };
    }
    const tool = request.tools.find((candidate) => candidate.name === chosen.name) as ToolDefinition;
    const args = inferArguments(query, tool, chosen.alternative, queryTerms);
    const rawArguments = JSON.stringify(args);
    const call: ToolCall = { id: callId(query, tool.name), name: tool.name, rawArguments, arguments: args };
    return {
      text: '',
      toolCalls: [call],
      finishReason: 'tool_calls',
      usage: { promptTokens, completionTokens: estimateTokens(tool.name.length + rawArguments.length + 20) },
      model: 'mock',
    };
  }

  return { id: 'mock', inProcess: true, complete };
}
