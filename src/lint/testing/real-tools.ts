/**
 * Tools of the real npm servers snapshotted in fixtures/real-servers, for rule tests that must hold on
 * definitions nobody here wrote: a whole tool, or one of its parameters on the clean tool.
 */
import { readFileSync } from 'node:fs';
import { cleanTool } from './rule-table.ts';
import type { JsonSchema, ToolDefinition } from '../../types.ts';

const DIR = new URL('../../../fixtures/real-servers/', import.meta.url);
const cache = new Map<string, ToolDefinition[]>();

/** Every snapshot of the real-server set (12 npm servers, 19 snapshots); one added later is judged before it joins. */
export const REAL_SNAPSHOTS: readonly string[] = [
  'brave-search-mcp-server@2.0.63',
  'brave-search-mcp-server@2.1.4',
  'context7-mcp@2.1.0',
  'context7-mcp@4.1.1',
  'exa-mcp-server@3.4.1',
  'firecrawl-mcp@3.26.0',
  'mcp-server-code-runner@0.1.8',
  'mcp-server-kubernetes@2.9.6',
  'mcp-server-kubernetes@4.1.7',
  'notion-mcp-server@1.9.1',
  'notion-mcp-server@2.5.2',
  'playwright-mcp@0.0.83',
  'server-filesystem@2025.11.25',
  'server-filesystem@2026.8.31',
  'server-memory@2025.4.25',
  'server-memory@2026.8.31',
  'server-sequential-thinking@2025.7.1',
  'server-sequential-thinking@2026.8.31',
  'tavily-mcp@0.2.22',
];

/** Every tool of a snapshot, e.g. `realTools('notion-mcp-server@2.5.2')`. */
export function realTools(snapshot: string): ToolDefinition[] {
  let tools = cache.get(snapshot);
  if (!tools) {
    tools = (JSON.parse(readFileSync(new URL(`${snapshot}.tools.json`, DIR), 'utf8')) as { tools: ToolDefinition[] }).tools;
    cache.set(snapshot, tools);
  }
  return tools;
}

/** One tool of a snapshot, as listed; throws when the snapshot has no such tool. */
export function realTool(snapshot: string, name: string): ToolDefinition {
  const tool = realTools(snapshot).find((t) => t.name === name);
  if (!tool) throw new Error(`${snapshot} has no tool ${name}`);
  return tool;
}

/** A real tool's parameter, as listed, put on the clean tool (optional), so a rule sees only that parameter. */
export function realParameter(snapshot: string, tool: string, parameter: string): ToolDefinition {
  const schema = (realTool(snapshot, tool).inputSchema.properties as Record<string, JsonSchema> | undefined)?.[parameter];
  if (!schema) throw new Error(`${snapshot} ${tool} has no parameter ${parameter}`);
  const base = cleanTool();
  return cleanTool({}, { properties: { ...(base.inputSchema.properties as JsonSchema), [parameter]: schema } });
}

const HOLDOUT = new URL('../../../fixtures/holdout/', import.meta.url);

/**
 * One tool of a holdout fixture (fixtures/holdout/<set>.tools.json): definitions cut from npm servers
 * the tests never used, kept to the tools and parameters a finding was judged on.
 */
export function holdoutTool(set: string, name: string): ToolDefinition {
  const tool = holdoutTools(set).find((t) => t.name === name);
  if (!tool) throw new Error(`fixtures/holdout/${set}.tools.json has no tool ${name}`);
  return tool;
}

/** Every tool of a holdout fixture, as cut. */
export function holdoutTools(set: string): ToolDefinition[] {
  return (JSON.parse(readFileSync(new URL(`${set}.tools.json`, HOLDOUT), 'utf8')) as { tools: ToolDefinition[] }).tools;
}
