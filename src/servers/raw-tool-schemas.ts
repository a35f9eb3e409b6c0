/**
 * Each listed tool's schemas as the server sent them. The SDK's result check rebuilds schemas as
 * records, and assigning a property named `__proto__` to a record sets its prototype: the parameter
 * vanishes. The raw message (JSON.parse keeps it as an own key) is read off the transport before the
 * SDK sees it, per tool name, and the listed tool takes its schemas from it.
 */
import type { Tool, Transport } from '@modelcontextprotocol/client';

export class RawToolSchemas {
  /** By tool name, from the last tools/list page that had it. */
  private readonly byName = new Map<string, { inputSchema?: unknown; outputSchema?: unknown }>();

  /** Reads every message the transport hands to its (already attached) client first. */
  watch(transport: Transport): void {
    const forward = transport.onmessage;
    if (!forward) return;
    transport.onmessage = (message, extra) => {
      const tools = (message as { result?: { tools?: unknown } }).result?.tools;
      if (Array.isArray(tools)) {
        for (const t of tools as Array<{ name?: unknown; inputSchema?: unknown; outputSchema?: unknown }>) {
          if (t && typeof t.name === 'string') this.byName.set(t.name, { inputSchema: t.inputSchema, outputSchema: t.outputSchema });
        }
      }
      forward.call(transport, message, extra);
    };
  }

  /** The tool with the schemas the server sent, where the message had them. */
  apply(tool: Tool): Tool {
    const raw = this.byName.get(tool.name);
    if (!raw) return tool;
    return { ...tool, ...(raw.inputSchema !== undefined ? { inputSchema: raw.inputSchema as Tool['inputSchema'] } : {}), ...(raw.outputSchema !== undefined ? { outputSchema: raw.outputSchema as Tool['outputSchema'] } : {}) };
  }
}
