/**
 * Tool definitions without a server (`--tools FILE`): a JSON or YAML list of `{name, description,
 * inputSchema}`, a `tools/list` result `{tools: [...]}`, or a Toolvet snapshot (the same with
 * `toolvetSnapshot`, `server` and `protocolVersion`, and since resources and prompts were added,
 * optionally `resources`, `resourceTemplates`, `prompts`, `capabilities` and `instructions`:
 * snapshot files written before then simply lack them).
 */
import { resolve } from 'node:path';
import { ToolvetError } from '../errors.ts';
import { sanitizeLine } from '../safety/terminal.ts';
import type { ServerSurface, ToolDefinition } from '../types.ts';
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

// The MCP 2025-11-25 fields of each record; an unknown key is an error, as for tools.
const common = { title: { type: 'string' }, description: { type: 'string' }, icons: { type: 'array' }, _meta: { type: 'object' } } as const;
const promptSchema = {
  type: 'object',
  required: ['name'],
  properties: {
    name: { type: 'string', minLength: 1 },
    ...common,
    arguments: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name'],
        properties: { name: { type: 'string', minLength: 1 }, title: { type: 'string' }, description: { type: 'string' }, required: { type: 'boolean' } },
        additionalProperties: false,
      },
    },
  },
  additionalProperties: false,
} as const;
const resourceSchema = {
  type: 'object',
  required: ['uri', 'name'],
  properties: { uri: { type: 'string', minLength: 1 }, name: { type: 'string' }, ...common, mimeType: { type: 'string' }, size: { type: 'number' }, annotations: { type: 'object' } },
  additionalProperties: false,
} as const;
const templateSchema = {
  type: 'object',
  required: ['uriTemplate', 'name'],
  properties: { uriTemplate: { type: 'string', minLength: 1 }, name: { type: 'string' }, ...common, mimeType: { type: 'string' }, annotations: { type: 'object' } },
  additionalProperties: false,
} as const;

/** The schema of a tool file (a list of tools, or a snapshot); precompiled at build time (src/config/project-schemas.ts). */
export const TOOL_FILE_SCHEMA: object = {
  anyOf: [
    { type: 'array', items: toolSchema },
    {
      type: 'object',
      required: ['tools'],
      properties: {
        toolvetSnapshot: { type: 'integer' },
        server: { type: 'object' },
        protocolVersion: { type: 'string' },
        nextCursor: { type: 'string' },
        tools: { type: 'array', items: toolSchema },
        resources: { type: 'array', items: resourceSchema },
        resourceTemplates: { type: 'array', items: templateSchema },
        prompts: { type: 'array', items: promptSchema },
        capabilities: { type: 'object' },
        instructions: { type: 'string' },
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
  /** The server version a snapshot records (`server.version`, from `serverInfo.version`), if any. */
  version?: string;
  /** Resources, prompts, capabilities and instructions a snapshot records; absent for plain tool lists and older snapshots. */
  surface?: ServerSurface;
}

const SURFACE_KEYS = ['resources', 'resourceTemplates', 'prompts', 'capabilities', 'instructions'] as const;

/** The non-tool parts of a snapshot, or undefined when it records none. */
function surfaceOf(data: ServerSurface): ServerSurface | undefined {
  const surface: ServerSurface = {};
  for (const key of SURFACE_KEYS) if (data[key] !== undefined) (surface as Record<string, unknown>)[key] = data[key];
  return Object.keys(surface).length > 0 ? surface : undefined;
}

export function loadToolFile(path: string): ToolFile {
  const file = resolve(path);
  const data = validateData<ToolDefinition[] | ({ tools: ToolDefinition[]; server?: { name?: string; version?: unknown } } & ServerSurface)>(
    TOOL_FILE_SCHEMA,
    readDataFile(file, 'tool file'),
    file,
    'tool file',
    'a tool file is a JSON list of {"name", "description", "inputSchema"}, or a snapshot from `toolvet snapshot`',
  );
  const tools = Array.isArray(data) ? data : data.tools;
  const seen = new Set<string>();
  tools.forEach((tool, i) => {
    if (seen.has(tool.name)) {
      throw new ToolvetError('E_FILE_INVALID', `tool file ${file}: $[${i}].name "${tool.name}" is listed twice`, {
        file,
        path: `$[${i}].name`,
        tool: tool.name,
        hint: 'tool names must be unique within a file',
      });
    }
    seen.add(tool.name);
  });
  const server = Array.isArray(data) ? undefined : data.server?.name;
  const rawVersion = Array.isArray(data) ? undefined : data.server?.version;
  const version = typeof rawVersion === 'string' ? sanitizeLine(rawVersion) : undefined;
  const surface = Array.isArray(data) ? undefined : surfaceOf(data);
  if (surface) uniqueKeys(file, surface);
  return { file, tools, ...(server ? { server } : {}), ...(version !== undefined ? { version } : {}), ...(surface ? { surface } : {}) };
}

/** Prompt names, resource URIs and template URIs are keys, as tool names are: each is listed once. */
function uniqueKeys(file: string, surface: ServerSurface): void {
  const lists: Array<[string, Array<Record<string, unknown>> | undefined, string]> = [
    ['prompts', surface.prompts as Array<Record<string, unknown>> | undefined, 'name'],
    ['resources', surface.resources as Array<Record<string, unknown>> | undefined, 'uri'],
    ['resourceTemplates', surface.resourceTemplates as Array<Record<string, unknown>> | undefined, 'uriTemplate'],
  ];
  for (const [list, items, key] of lists) {
    const seen = new Set<unknown>();
    (items ?? []).forEach((item, i) => {
      if (seen.has(item[key])) {
        throw new ToolvetError('E_FILE_INVALID', `tool file ${file}: $.${list}[${i}].${key} ${JSON.stringify(item[key])} is listed twice`, {
          file,
          path: `$.${list}[${i}].${key}`,
          hint: `each ${key} is listed once in a snapshot; write it again with \`toolvet snapshot\``,
        });
      }
      seen.add(item[key]);
    });
  }
}
