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
    surface.resourceTemplates = (await connection.listResourceTemplates()) as unknown as ResourceTemplateDefinition[];
  }
  if (capabilities.prompts) surface.prompts = (await connection.listPrompts()) as unknown as PromptDefinition[];
  if (connection.instructions) surface.instructions = connection.instructions;
  return surface;
}
