import type { CallToolResult } from '@modelcontextprotocol/client';

/**
 * The protocol's 2024-10-07 result envelope, `{"toolResult": {content, isError}}`, which servers on old SDKs
 * still send (@cloudflare/mcp-server-cloudflare 0.2.0): the SDK parses it as an empty success, so the result
 * inside is what the server said. A result with content of its own is left as it is.
 */
export function unwrapToolResult(result: CallToolResult): CallToolResult {
  const legacy = (result as { toolResult?: unknown }).toolResult;
  const empty = !Array.isArray(result.content) || result.content.length === 0;
  if (!empty || typeof legacy !== 'object' || legacy === null || !Array.isArray((legacy as { content?: unknown }).content)) return result;
  return legacy as CallToolResult;
}
