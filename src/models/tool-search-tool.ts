/**
 * The tool search tool of deferred loading (`eval --loading search`), as hosts with tool search offer
 * it (Anthropic's tool search tool, OpenAI's `tool_search`): at first the model sees this one tool;
 * calling it with a few words loads the best-matching definitions for its next step. Defined here,
 * beside the drivers, because the mock recognises it (by name and opening words, which survive the
 * wire) and the runner offers it.
 */
import type { ChatMessage, ToolDefinition } from '../types.ts';

export const TOOL_SEARCH_NAME = 'tool_search';
const LEAD = 'Search the available tools by what you need to do.';

/** The search tool over `tools`: names the servers searched (as hosts name namespaces), never the tools. */
export function toolSearchDefinition(tools: readonly ToolDefinition[], limit: number): ToolDefinition {
  const servers = [...new Set(tools.map((t) => t.server).filter((s): s is string => s !== undefined))];
  const from = servers.length > 0 ? ` from ${servers.length === 1 ? 'server' : 'servers'} ${servers.join(', ')}` : '';
  return {
    name: TOOL_SEARCH_NAME,
    description: `${LEAD} Only this tool is loaded at first: call it with a few words describing the task, and up to ${limit} matching tools are loaded for your next step. ${tools.length} tools can be found${from}.`,
    inputSchema: {
      type: 'object',
      properties: { query: { type: 'string', description: 'a few words describing the task, e.g. "find references by author"' } },
      required: ['query'],
      additionalProperties: false,
    },
  };
}

/** Whether a tool the model was sent is the search tool of deferred loading. */
export function isToolSearch(tool: Pick<ToolDefinition, 'name' | 'description'>): boolean {
  return tool.name === TOOL_SEARCH_NAME && (tool.description ?? '').startsWith(LEAD);
}

/** The conversation without the search exchanges (the search calls and their results), as if the loaded tools had been there. */
export function withoutSearches(messages: readonly ChatMessage[]): ChatMessage[] {
  const searchIds = new Set<string>();
  const out: ChatMessage[] = [];
  for (const m of messages) {
    if (m.role === 'assistant' && m.toolCalls?.length && m.toolCalls.every((k) => k.name === TOOL_SEARCH_NAME)) {
      for (const k of m.toolCalls) searchIds.add(k.id);
      continue;
    }
    if (m.role === 'tool' && m.toolCallId !== undefined && searchIds.has(m.toolCallId)) continue;
    out.push(m);
  }
  return out;
}
