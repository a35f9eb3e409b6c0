/**
 * MCP Apps (the `io.modelcontextprotocol/ui` extension): a tool's `_meta.ui.visibility` says who may
 * call it, `"model"` (the agent) and/or `"app"` (the server's own UI). Absent means both. A tool whose
 * visibility leaves out `"model"` is app-only: a host must never offer it to the model. This is the one
 * reading of that field; tool routing (what the model is offered), lint and diff use it.
 */
import type { ToolDefinition } from '../types.ts';

/** The `_meta.ui` object of a tool or resource, when it is an object. */
export function uiMeta(item: { _meta?: unknown }): Record<string, unknown> | undefined {
  const meta = item._meta;
  if (!isRecord(meta)) return undefined;
  return isRecord(meta.ui) ? meta.ui : undefined;
}

/** The declared visibility, or undefined when the tool declares none (or declares it as something other than a list). */
export function toolVisibility(tool: Pick<ToolDefinition, '_meta'>): string[] | undefined {
  const visibility = uiMeta(tool)?.visibility;
  return Array.isArray(visibility) ? visibility.filter((v): v is string => typeof v === 'string') : undefined;
}

/** Whether the model may see and call the tool: no visibility declared, or one that includes `"model"`. */
export function isModelVisible(tool: Pick<ToolDefinition, '_meta'>): boolean {
  const visibility = toolVisibility(tool);
  return visibility === undefined || visibility.includes('model');
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
