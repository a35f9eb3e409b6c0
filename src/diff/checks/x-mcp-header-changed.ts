import { onInput, show } from '../check-kit.ts';
import type { DiffCheck } from '../types.ts';

/**
 * MCP 2026-07-28: over Streamable HTTP the client mirrors an argument whose property carries
 * `x-mcp-header: NAME` into an `Mcp-Param-NAME` header, and gateways route or filter on it. Adding,
 * renaming or removing the header breaks every intermediary and cached tool list that relies on it,
 * even though stdio callers see no change.
 */
export const xMcpHeaderChanged: DiffCheck = {
  id: 'x-mcp-header-changed',
  level: 'breaking',
  description: 'the x-mcp-header of a parameter was added, renamed or removed (breaking for HTTP clients and gateways that route on Mcp-Param-* headers)',
  kinds: ['keyword'],
  check: (d) => {
    if (!onInput(d) || d.keyword !== 'x-mcp-header') return null;
    const param = d.param ? `parameter "${d.param}"` : 'a parameter';
    return `the header of ${param} changed from ${show(d.before)} to ${show(d.after)}; HTTP clients send Mcp-Param-${String(d.after ?? d.before)} differently now, so gateways and servers that check it disagree with old clients`;
  },
};
