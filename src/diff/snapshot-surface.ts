/**
 * What a live server offers besides tools, read for a snapshot or a `live:` diff side: its declared
 * capabilities and instructions, and the lists of each capability it declared (a server without the
 * `prompts` capability records no `prompts` list, so "none declared" and "declared, none listed"
 * stay apart).
 */
import type { ServerConnection } from '../servers/server-connection.ts';
import type { PromptDefinition, ResourceDefinition, ResourceTemplateDefinition, ServerSurface } from '../types.ts';

/** A declared list the server failed to give (an error other than "Method not found"). */
export interface SurfaceGap {
  list: 'resources/list' | 'resources/templates/list' | 'prompts/list';
  message: string;
}

/**
 * Reads the surface. A list the server fails to give throws, unless `gaps` is passed: the list is then
 * left out (absent, as an unanswered one) and the failure added to `gaps`, for runs that can go on
 * with the tools (lint, snapshot). server-postgres declares `resources` and answers resources/list
 * with the database's "connection refused" when no database runs: its tools can still be linted.
 */
export async function readSurface(connection: ServerConnection, gaps?: SurfaceGap[]): Promise<ServerSurface> {
  const capabilities = { ...(connection.capabilities as Record<string, unknown>) };
  const surface: ServerSurface = { capabilities };
  // Hand-wired servers often declare a capability without answering its list (@hubspot/mcp-server
  // declares `resources` and answers resources/list "Method not found"): that list is then not recorded
  // (absent, not an empty list), rather than failing the run and losing the tools.
  const unlessUnanswered =
    (list: SurfaceGap['list']) =>
    (error: unknown): undefined => {
      if (methodNotFound(error)) return undefined;
      if (!gaps) throw error;
      gaps.push({ list, message: error instanceof Error ? error.message : String(error) });
      return undefined;
    };
  if (capabilities.resources) {
    const resources = await connection.listResources().catch(unlessUnanswered('resources/list'));
    if (resources) surface.resources = resources as unknown as ResourceDefinition[];
    const templates = await connection.listResourceTemplates().catch(unlessUnanswered('resources/templates/list'));
    if (templates) surface.resourceTemplates = templates as unknown as ResourceTemplateDefinition[];
  }
  if (capabilities.prompts) {
    const prompts = await connection.listPrompts().catch(unlessUnanswered('prompts/list'));
    if (prompts) surface.prompts = prompts as unknown as PromptDefinition[];
  }
  if (connection.instructions) surface.instructions = connection.instructions;
  return surface;
}

/** JSON-RPC -32601: the server does not implement the method. */
export function methodNotFound(error: unknown): boolean {
  const cause = (error as { cause?: { code?: unknown } }).cause;
  return cause?.code === -32601 || /method not found/i.test((error as Error).message ?? '');
}
