/**
 * Deferred loading (`eval --loading search`), the host's side: the model is first sent only the search
 * tool (tool-search-tool.ts); each search it makes runs here, over the case's whole tool list, and the
 * best matches join the tools of its next request (as Anthropic's tool search expands tool references
 * and OpenAI's `tool_search` injects the loaded definitions). The answer scored is the first turn that
 * calls anything but the search tool, or answers in words.
 *
 * The search ranks name, description and parameters with the BM25 of the mock's ranking (mock-rank.ts)
 * with exclusion clauses ignored, as a plain keyword search would. How a trajectory counts a search: it
 * is never the expected tool; searches are recorded apart (`attempt.toolSearch`), and the calls scored
 * are the answer's own, so a case expecting two calls in order is scored on those two.
 */
import { rankTools } from '../models/mock-rank.ts';
import { TOOL_SEARCH_NAME, toolSearchDefinition } from '../models/tool-search-tool.ts';
import { estimateTokens } from '../lint/token-estimate.ts';
import type { ChatMessage, ModelResponse, ModelUsage, ToolCall, ToolDefinition, ToolSearchTrace } from '../types.ts';

/** Tools one search loads at most (Anthropic's tool search returns 3 to 5 by default). */
export const DEFAULT_SEARCH_LIMIT = 5;
/** Search turns before the model must answer: the next turn is scored whatever it calls. */
export const MAX_SEARCH_TURNS = 3;

export interface ToolSearchOptions {
  limit?: number;
}

/** One model turn: the conversation so far and the tools offered in this request. */
export type AskModel = (messages: ChatMessage[], tools: ToolDefinition[]) => Promise<ModelResponse>;

/** The tools matching a search, best first: a tool scores only when a word of the query is among its words. */
export function searchTools(query: string, tools: readonly ToolDefinition[], limit: number = DEFAULT_SEARCH_LIMIT): ToolDefinition[] {
  const byName = new Map(tools.map((t) => [t.name, t]));
  const names: string[] = [];
  // A tool with oneOf alternatives is ranked once per alternative: it is loaded once, at its best.
  for (const s of rankTools(query, tools, { negativeWeight: 0 })) {
    if (s.score <= 0 || names.includes(s.name)) continue;
    names.push(s.name);
    if (names.length === limit) break;
  }
  return names.map((n) => byName.get(n)!);
}

const firstSentence = (text: string | undefined): string => (text ?? '').split(/(?<=[.!?])\s/)[0].slice(0, 160);

/** What a search returns to the model: the loaded tools by name and first sentence (their definitions join the next request). */
export function searchResultText(query: string, found: readonly ToolDefinition[]): string {
  if (found.length === 0) return `No tool matches "${query}". Try other words, or answer without a tool.`;
  return `Loaded ${found.length} tool(s), now available to call:\n${found.map((t) => `- ${t.name}: ${firstSentence(t.description)}`).join('\n')}`;
}

const addUsage = (a: ModelUsage | undefined, b: ModelUsage | undefined): ModelUsage | undefined =>
  !a ? b : !b ? a : { promptTokens: a.promptTokens + b.promptTokens, completionTokens: a.completionTokens + b.completionTokens };

/**
 * Runs one attempt under deferred loading: search turns (at most MAX_SEARCH_TURNS), then the answer,
 * with the search calls taken out of it. Usage is summed over the turns; the trace says what was
 * searched, what was loaded, how many requests were made and what their tool lists cost.
 */
export async function answerWithSearch(messages: ChatMessage[], tools: readonly ToolDefinition[], ask: AskModel, options: ToolSearchOptions = {}): Promise<{ response: ModelResponse; trace: ToolSearchTrace }> {
  const limit = options.limit ?? DEFAULT_SEARCH_LIMIT;
  const search = toolSearchDefinition(tools, limit);
  const loaded: ToolDefinition[] = [];
  const conversation = [...messages];
  const trace: ToolSearchTrace = { searches: [], requests: 0, toolTokens: 0, largestRequest: 0 };
  let usage: ModelUsage | undefined;
  for (let turn = 0; ; turn++) {
    const offered = [search, ...loaded];
    const cost = estimateTokens(offered);
    trace.requests += 1;
    trace.toolTokens += cost;
    trace.largestRequest = Math.max(trace.largestRequest, cost);
    const response = await ask(conversation, offered);
    usage = addUsage(usage, response.usage);
    const searches = response.toolCalls.filter((k) => k.name === TOOL_SEARCH_NAME);
    const others = response.toolCalls.filter((k) => k.name !== TOOL_SEARCH_NAME);
    if (searches.length === 0 || others.length > 0 || turn + 1 > MAX_SEARCH_TURNS) {
      // Searches beside an answer, or past the last search turn, are recorded but not run.
      for (const k of searches) trace.searches.push({ query: queryOf(k), found: [], run: false });
      const answer: ModelResponse = { ...response, toolCalls: others, ...(usage ? { usage } : {}) };
      if (others.length === 0 && searches.length > 0 && answer.finishReason === 'tool_calls') answer.finishReason = 'stop';
      return { response: answer, trace };
    }
    conversation.push({ role: 'assistant', content: response.text, toolCalls: response.toolCalls });
    for (const k of searches) {
      const query = queryOf(k);
      const found = query ? searchTools(query, tools, limit) : [];
      for (const t of found) if (!loaded.includes(t)) loaded.push(t);
      trace.searches.push({ query, found: found.map((t) => t.name), run: true });
      conversation.push({ role: 'tool', toolCallId: k.id, content: query ? searchResultText(query, found) : 'The search needs a query: a few words describing the task.' });
    }
  }
}

function queryOf(call: ToolCall): string {
  const q = call.arguments?.query;
  return typeof q === 'string' ? q.trim() : '';
}
