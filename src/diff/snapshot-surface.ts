/**
 * What a live server offers besides tools, read for a snapshot or a `live:` diff side: its declared
 * capabilities and instructions, and the lists of each capability it declared (a server without the
 * `prompts` capability records no `prompts` list, so "none declared" and "declared, none listed"
 * stay apart).
 */
import type { ServerConnection } from '../servers/server-connection.ts';
import type { PromptDefinition, ResourceDefinition, ResourceTemplateDefinition, ServerSurface } from '../types.ts';

export async function readSurface(connection: ServerConnection): Promise<ServerSurface> {
  const capabilities = { ...(connection.capabilities as Record<string, unknown>) };
  const surface: ServerSurface = { capabilities };
  if (capabilities.resources) {
    surface.resources = (await connection.listResources()) as unknown as ResourceDefinition[];
    // Hand-wired servers often declare `resources` without answering resources/templates/list:
    // their templates are then not recorded (absent, not an empty list), rather than failing the run.
    const templates = await connection.listResourceTemplates().catch((error: unknown) => {
      if (methodNotFound(error)) return undefined;
      throw error;
    });
    if (templates) surface.resourceTemplates = templates as unknown as ResourceTemplateDefinition[];
  }
  if (capabilities.prompts) surface.prompts = (await connection.listPrompts()) as unknown as PromptDefinition[];
  if (connection.instructions) surface.instructions = connection.instructions;
  return surface;
}

/** JSON-RPC -32601: the server does not implement the method. */
export function methodNotFound(error: unknown): boolean {
  const cause = (error as { cause?: { code?: unknown } }).cause;
  return cause?.code === -32601 || /method not found/i.test((error as Error).message ?? '');
}
