/**
 * The mock model: a deterministic, offline, in-process baseline that reacts to wording the way a
 * model does, so rewording a description moves its choices. It is a lexical baseline, not a model.
 *
 * Selection: every tool (or `oneOf` alternative, see mock-index.ts) is scored against the last user
 * message with BM25F over stemmed words (see mock-rank.ts); words found only in a tool's "Do NOT use
 * for ..." clause count against it. The best candidate is called when its score exceeds `threshold`;
 * otherwise the mock answers in text. Arguments are inferred by mock-args.ts.
 * Multi-turn (mock-turns.ts): a request of several clauses ("X, then Y", "X and Y") gets one call per
 * clause that selects a tool, one per turn, in order; after the last result the mock answers in text
 * quoting every result, so agent loops end. A request of one clause is scored whole, as before.
 */
import { ToolvetError } from '../errors.ts';
import { inferCall } from './mock-args.ts';
import { mockReword, parseRewordPrompt, REWORD_MARKER } from './mock-reword.ts';
import { indexTools, type Alternative, type ToolIndex } from './mock-index.ts';
import { bestCandidate, rankIndex } from './mock-rank.ts';
import { wordsThatVote } from './text/literals.ts';
import { terms } from './text/tokenize.ts';
import { isToolSearch, withoutSearches } from './tool-search-tool.ts';
import { leadingWord, quoteResults, splitClauses, strongOnly, toolClauses, turnState } from './mock-turns.ts';
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
  // The hash of `${name}\u0000${query}`, without building that string.
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193);
  hash = Math.imul(hash, 0x01000193);
  for (let i = 0; i < query.length; i++) hash = Math.imul(hash ^ query.charCodeAt(i), 0x01000193);
  return `call_${(hash >>> 0).toString(16).padStart(8, '0')}`;
}

/**
 * The clauses of a request that get one call each. Weak joins ("and", a new sentence) count only when
 * the first clause calls the tool the whole request would: "File X under ML and keep it there" stays
 * one request, so a single-turn case is scored on the same first call as before clauses existed.
 */
function planClauses(index: ToolIndex, text: string, threshold: number, topOf: (text: string) => Top | undefined): string[] {
  const select = (clause: string): string | undefined => {
    const top = topOf(clause);
    return top && top.score > threshold ? index.candidates[top.candidate].tool.name : undefined;
  };
  const leads = (clause: string, name: string): boolean => leadsWithAction(clause, index.byName.get(name));
  const split = splitClauses(text);
  const clauses = toolClauses(split, select, leads);
  if (clauses.length > 1 && select(clauses[0]) !== select(text)) return toolClauses(strongOnly(split), select, leads);
  return clauses;
}

const summaryTerms = new WeakMap<ToolDefinition, string[]>();

/** The clause's verb is among the words of the tool's name or the first sentence of its description. */
function leadsWithAction(clause: string, tool: ToolDefinition | undefined): boolean {
  const verb = leadingWord(clause);
  if (!verb || !tool) return false;
  let summary = summaryTerms.get(tool);
  if (!summary) {
    summary = terms(`${tool.name.replace(/[_-]/g, ' ')} ${(tool.description ?? '').split(/(?<=[.!?])\s/)[0]}`);
    summaryTerms.set(tool, summary);
  }
  return summary.includes(terms(verb)[0] ?? verb);
}

function lastUserMessage(messages: readonly ChatMessage[]): string {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i].role === 'user') return messages[i].content;
  return '';
}

type Top = { candidate: number; score: number };

function pick(
  index: ToolIndex,
  queryTerms: () => readonly string[],
  request: ModelRequest,
  threshold: number,
  negativeWeight: number,
  bestOf: () => Top | undefined,
): { chosen?: Choice; best?: Choice } {
  const choice = request.toolChoice;
  const tools = request.tools;
  if (choice === 'none') return {};
  if (choice && typeof choice === 'object') {
    const forced = index.byName.get(choice.name);
    if (!forced) {
      throw new ToolvetError('E_UNKNOWN_TOOL', `tool_choice names "${choice.name}", which is not among the ${tools.length} tools sent`, {
        tool: choice.name,
        hint: `Name one of: ${tools.map((tool) => tool.name).join(', ')}.`,
      });
    }
    // A forced tool with alternatives still takes the best-scoring one.
    const ranked = rankIndex(index, queryTerms(), { negativeWeight }).find((score) => score.name === forced.name);
    return { chosen: { name: forced.name, score: ranked?.score ?? 0, ...(ranked?.alternative ? { alternative: ranked.alternative } : {}) } };
  }
  const top = bestOf(); // undefined when no tools were sent
  if (!top) return {};
  const candidate = index.candidates[top.candidate];
  const best: Choice = { name: candidate.tool.name, score: top.score, ...(candidate.alternative ? { alternative: candidate.alternative } : {}) };
  return choice === 'required' || top.score > threshold ? { chosen: best, best } : { best };
}

const searchTools = new WeakMap<readonly ToolDefinition[], ToolDefinition | null>();

/** The search tool of deferred loading among the tools sent, if any: looked for once per tool list. */
function searchToolOf(tools: readonly ToolDefinition[]): ToolDefinition | undefined {
  let found = searchTools.get(tools);
  if (found === undefined) searchTools.set(tools, (found = tools.find(isToolSearch) ?? null));
  return found ?? undefined;
}

export function createMockModel(options: MockOptions = {}): ModelDriver {
  const threshold = options.threshold ?? DEFAULT_THRESHOLD;
  const negativeWeight = options.negativeWeight ?? 1;

  async function complete(asked: ModelRequest): Promise<ModelResponse> {
    const search = searchToolOf(asked.tools);
    if (search && (asked.toolChoice ?? 'auto') === 'auto' && !asked.messages.some((m) => m.toolCalls?.some((k) => k.name === search.name))) return searchFirst(asked, search);
    // After its search, the mock answers as if the loaded tools had been sent from the start.
    const request = search ? { ...asked, tools: asked.tools.filter((t) => t !== search), messages: withoutSearches(asked.messages) } : asked;
    const messages = request.messages;
    let promptChars = 0;
    for (const message of messages) promptChars += message.content.length;
    const last = messages[messages.length - 1];
    const index = indexTools(request.tools);
    const promptTokens = estimateTokens(promptChars + (request.tools.length ? index.definitionChars : 0));

    // A rewording request from `toolvet improve` gets the deterministic edit of mock-reword.ts.
    if (request.tools.length === 0 && messages[0]?.role === 'system' && messages[0].content.startsWith(REWORD_MARKER)) {
      const asked = parseRewordPrompt(lastUserMessage(messages));
      if (asked) {
        const text = mockReword(asked);
        return { text, toolCalls: [], finishReason: 'stop', usage: { promptTokens, completionTokens: estimateTokens(text.length) }, model: 'mock' };
      }
    }
    const turn = turnState(messages);
    // Each text's terms and best candidate once per answer: planning the clauses scores the whole
    // request (and each clause), and the call is then chosen on the same text.
    const termCache = new Map<string, string[]>();
    const termsOf = (text: string): string[] => {
      let out = termCache.get(text);
      if (!out) termCache.set(text, (out = terms(text)));
      return out;
    };
    // Only the words that say what is wanted vote for a tool: not those of paths, URLs, ids and numbers.
    const voteCache = new Map<string, string[]>();
    const voteTermsOf = (text: string): string[] => {
      let out = voteCache.get(text);
      if (!out) voteCache.set(text, (out = termsOf(wordsThatVote(text))));
      return out;
    };
    const topCache = new Map<string, Top | undefined>();
    const topOf = (text: string): Top | undefined => {
      if (topCache.has(text)) return topCache.get(text);
      const top = bestCandidate(index, voteTermsOf(text), { negativeWeight });
      topCache.set(text, top);
      return top;
    };
    // Clauses only under 'auto': a forced or required choice is one call on the whole request.
    const clauses = (request.toolChoice ?? 'auto') === 'auto' && request.tools.length > 0 ? planClauses(index, turn.request, threshold, topOf) : [];
    if (last?.role === 'tool' && turn.callsMade >= Math.max(1, clauses.length)) {
      const text = quoteResults(turn.results);
      return { text, toolCalls: [], finishReason: 'stop', usage: { promptTokens, completionTokens: estimateTokens(text.length) }, model: 'mock' };
    }

    // One clause: the whole request, exactly as a single-turn case always was.
    const step = last?.role === 'tool' ? turn.callsMade : 0;
    const query = clauses.length > 1 ? clauses[step] : lastUserMessage(messages);
    const { chosen, best } = pick(index, () => voteTermsOf(query), request, threshold, negativeWeight, () => topOf(query));
    if (!chosen) {
      const text = best
        ? `I can answer without a tool: no tool fits this request well enough (best ${best.name} at ${best.score.toFixed(2)}, threshold ${threshold}).`
        : 'I can answer without a tool.';
      return { text, toolCalls: [], finishReason: 'stop', usage: { promptTokens, completionTokens: estimateTokens(text.length) }, model: 'mock' };
    }
    const tool = index.byName.get(chosen.name) as ToolDefinition;
    const { args, invented } = inferCall(query, tool, chosen.alternative, termsOf(query));
    const rawArguments = JSON.stringify(args);
    const call: ToolCall = { id: callId(step > 0 ? `${query}#${step}` : query, tool.name), name: tool.name, rawArguments, arguments: args, ...(invented.length ? { invented } : {}) };
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

/**
 * Deferred loading: the mock searches first, always, with the words of the request that say what is
 * wanted (not paths, URLs or numbers), as a model unsure which tool exists would.
 */
function searchFirst(request: ModelRequest, search: ToolDefinition): ModelResponse {
  const text = lastUserMessage(request.messages);
  const query = wordsThatVote(text).replace(/\s+/g, ' ').trim();
  const rawArguments = JSON.stringify({ query });
  const promptChars = request.messages.reduce((sum, message) => sum + message.content.length, 0) + JSON.stringify(search).length;
  return {
    text: '',
    toolCalls: [{ id: callId(text, search.name), name: search.name, rawArguments, arguments: { query } }],
    finishReason: 'tool_calls',
    usage: { promptTokens: estimateTokens(promptChars), completionTokens: estimateTokens(search.name.length + rawArguments.length + 20) },
    model: 'mock',
  };
}
