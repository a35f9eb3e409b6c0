/**
 * Tool definitions without a server (`--tools FILE`): a JSON or YAML list of `{name, description,
 * inputSchema}`, a `tools/list` result `{tools: [...]}`, or a Toolproof snapshot (the same with
 * `toolproofSnapshot`, `server` and `protocolVersion`).
 */
import { resolve } from 'node:path';
import { ToolproofError } from '../errors.ts';
import type { ToolDefinition } from '../types.ts';
import { readDataFile } from './read-file.ts';
import { validateData } from './validate.ts';

const toolSchema = {
  type: 'object',
  required: ['name', 'inputSchema'],
  properties: {
    name: { type: 'string', minLength: 1 },
    title: { type: 'string' },
    description: { type: 'string' },
    inputSchema: { type: 'object' },
    outputSchema: { type: 'object' },
    annotations: { type: 'object' },
    _meta: { type: 'object' },
    // MCP 2025-11-25 fields; servers such as server-everything list them.
    execution: { type: 'object' },
    icons: { type: 'array' },
    server: { type: 'string' },
  },
  additionalProperties: false,
} as const;

const toolFileSchema = {
  anyOf: [
    { type: 'array', items: toolSchema },
    {
      type: 'object',
      required: ['tools'],
      properties: {
        toolproofSnapshot: { type: 'integer' },
        server: { type: 'object' },
        protocolVersion: { type: 'string' },
        nextCursor: { type: 'string' },
        tools: { type: 'array', items: toolSchema },
      },
      additionalProperties: false,
    },
  ],
} as const;

export interface ToolFile {
  file: string;
  tools: ToolDefinition[];
  /** The server name a snapshot records, if any. */
  server?: string;
}

export function loadToolFile(path: string): ToolFile {
  const file = resolve(path);
  const data = validateData<ToolDefinition[] | { tools: ToolDefinition[]; server?: { name?: string } }>(
    toolFileSchema,
    readDataFile(file, 'tool file'),
    file,
    'tool file',
    'a tool file is a JSON list of {"name", "description", "inputSchema"}, or a snapshot from `toolproof snapshot`',
  );
  const tools = Array.isArray(data) ? data : data.tools;
  const seen = new Set<string>();
  tools.forEach((tool, i) => {
    if (seen.has(tool.name)) {
      throw new ToolproofError('E_FILE_INVALID', `tool file ${file}: $[${i}].name "${tool.name}" is listed twice`, {
        file,
        path: `$[${i}].name`,
        tool: tool.name,
        hint: 'tool names must be unique within a file',
      });
    }
    seen.add(tool.name);
  });
  const server = Array.isArray(data) ? undefined : data.server?.name;
  return { file, tools, ...(server ? { server } : {}) };
}
