/**
 * Real calls, for structured results: each read-only tool (readOnlyHint true, and only those:
 * --allow-destructive widens the bad-argument probes, never these valid calls) whose valid arguments are obvious (defaults, enum values, minimal values for the
 * required ones, checked against the schema before sending) is called once, and the result is checked
 * by the one structured-result check (src/servers/structured-result.ts) bench and scenarios use too:
 * structuredContent against the outputSchema, and the text carrying the same JSON. A tool without an
 * outputSchema whose text is JSON is a warning (it could give structured results).
 */
import { isAnnotatedReadOnly } from '../safety/call-policy.ts';
import { checkArguments } from '../scoring/schema-check.ts';
import { checkStructuredResult } from '../servers/structured-result.ts';
import type { JsonSchema, ToolDefinition } from '../types.ts';
import { sampleValue } from './bad-arguments.ts';
import type { ProbeServerOptions } from './types.ts';
import type { StructuredProbe } from './types.ts';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Valid arguments from the schema alone, or undefined when a required value is not obvious. */
export function validArguments(tool: ToolDefinition): Record<string, unknown> | undefined {
  const schema = tool.inputSchema;
  const props = isRecord(schema.properties) ? (schema.properties as Record<string, JsonSchema>) : {};
  const required = Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [];
  const args: Record<string, unknown> = {};
  for (const name of required) {
    const value = isRecord(props[name]) ? sampleValue(props[name]) : undefined;
    if (value === undefined) return undefined;
    args[name] = value;
  }
  return checkArguments(schema, args).valid ? args : undefined;
}

export async function probeStructuredResults(tools: readonly ToolDefinition[], options: ProbeServerOptions): Promise<StructuredProbe[]> {
  const out: StructuredProbe[] = [];
  for (const tool of tools) {
    // A valid call runs the tool for real: only a tool that says it changes nothing is called.
    if (!isAnnotatedReadOnly(tool)) continue;
    const args = validArguments(tool);
    const skip = (detail: string): StructuredProbe => ({ tool: tool.name, arguments: args ?? {}, status: 'skip', detail, jsonText: false });
    if (!args) {
      if (tool.outputSchema) out.push(skip('has an outputSchema, but no valid arguments are obvious from its inputSchema (patterns, formats, nested objects)'));
      continue;
    }
    const connection = await options.connection();
    if (!connection) {
      out.push(skip('the server is gone'));
      break;
    }
    let result;
    try {
      result = await connection.callTool(tool.name, args, options.callTimeoutMs);
    } catch (error) {
      // A made-up call that fails says nothing sure about the server; the bad-argument probes judge errors.
      if (tool.outputSchema) out.push(skip(`the call with ${JSON.stringify(args)} failed: ${(error as Error).message}`));
      continue;
    }
    const check = checkStructuredResult(tool, result);
    if (!tool.outputSchema) {
      if (check.jsonText && !result.isError) out.push({ tool: tool.name, arguments: args, status: 'warn', detail: 'returns JSON text but declares no outputSchema; declare one and return structuredContent', jsonText: true, noOutputSchema: true });
      continue;
    }
    if (check.status === 'skip') {
      out.push(skip(`answered with isError for ${JSON.stringify(args)}, so there was no result to check`));
      continue;
    }
    out.push({ tool: tool.name, arguments: args, status: check.status, detail: check.detail, ...(check.path ? { path: check.path } : {}), ...(check.errors ? { errors: check.errors } : {}), jsonText: check.jsonText });
  }
  return out;
}
