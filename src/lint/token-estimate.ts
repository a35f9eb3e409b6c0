/**
 * A rough, model-independent estimate of what tool definitions cost in the prompt: about four
 * characters of JSON per token, which is close for English prose and JSON under BPE tokenisers.
 */
import type { ToolDefinition } from '../types.ts';

export const CHARS_PER_TOKEN = 4;

export function estimateToolTokens(tool: ToolDefinition): number {
  const wire = { name: tool.name, description: tool.description ?? '', parameters: tool.inputSchema };
  return Math.ceil(JSON.stringify(wire).length / CHARS_PER_TOKEN);
}

export function estimateTokens(tools: readonly ToolDefinition[]): number {
  return tools.reduce((sum, tool) => sum + estimateToolTokens(tool), 0);
}
