/**
 * Which `tools/call` tasks a server gets, under the probe's safety rule: a tool annotated read-only
 * (`readOnlyHint: true`) is benchmarked with arguments
 * built from its schema unless the calls file lists it; any other tool runs only when listed.
 */
import { ToolproofError } from '../errors.ts';
import { checkArguments } from '../scoring/schema-check.ts';
import type { JsonSchema, ToolDefinition } from '../types.ts';
import type { BenchCall, CallsFile } from './calls-file.ts';

export interface PlannedCall {
  task: string;
  tool: string;
  args: Record<string, unknown>;
  /** True when the arguments were built from the schema rather than listed. */
  synthesized: boolean;
}

export interface SkippedCall {
  task: string;
  tool: string;
  skipped: string;
}

/** In the server's tool order; a skipped tool carries the reason. */
export type CallPlan = Array<PlannedCall | SkippedCall>;

export function isSafeTool(tool: ToolDefinition): boolean {
  // As probe: only a tool that says it reads. A non-destructive tool may still write (create_directory,
  // create_entities), and bench calls each tool hundreds of times.
  return tool.annotations?.readOnlyHint === true;
}

/**
 * Checks that each listed call can run, throwing with the file and JSON path when one cannot. One
 * calls file serves several `--server` runs, so while `--server` leaves some servers out, a call for
 * one of them (pinned, or naming a tool no selected server lists) is only reported back as unused.
 */
export function checkCalls(callsFile: CallsFile, toolsByServer: ReadonlyMap<string, ToolDefinition[]>, configured: readonly string[]): string[] {
  const filtered = configured.some((name) => !toolsByServer.has(name));
  const unused: string[] = [];
  callsFile.calls.forEach((call, i) => {
    if (call.server !== undefined && !toolsByServer.has(call.server)) {
      if (configured.includes(call.server)) return void unused.push(`$[${i}] (${call.server}: ${call.tool})`);
      throw new ToolproofError('E_UNKNOWN_SERVER', `calls file ${callsFile.file}: $[${i}].server "${call.server}" is not a server of the host config (${configured.join(', ')})`, {
        file: callsFile.file,
        path: `$[${i}].server`,
        server: call.server,
        hint: 'fix the server name in the calls file',
      });
    }
    const servers = call.server !== undefined ? [call.server] : [...toolsByServer.keys()];
    if (servers.some((s) => toolsByServer.get(s)!.some((t) => t.name === call.tool))) return;
    if (filtered && call.server === undefined) return void unused.push(`$[${i}] (${call.tool})`);
    throw new ToolproofError('E_UNKNOWN_TOOL', `calls file ${callsFile.file}: $[${i}].tool "${call.tool}" is not listed by ${servers.join(', ') || 'any server that started'}`, {
      file: callsFile.file,
      path: `$[${i}].tool`,
      tool: call.tool,
      hint: 'use a name that tools/list returns, or pin the call to its server with server: NAME',
    });
  });
  return unused;
}

export function planCalls(server: string, tools: readonly ToolDefinition[], listed: readonly BenchCall[]): CallPlan {
  const mine = listed.filter((c) => (c.server === undefined || c.server === server) && tools.some((t) => t.name === c.tool));
  const plan: CallPlan = [];
  const seen = new Map<string, number>();
  const label = (tool: string, name?: string): string => {
    const n = (seen.get(tool) ?? 0) + 1;
    seen.set(tool, n);
    return name ?? (n === 1 ? `tools/call ${tool}` : `tools/call ${tool} #${n}`);
  };
  for (const tool of tools) {
    const own = mine.filter((c) => c.tool === tool.name);
    if (own.length > 0) {
      for (const c of own) plan.push({ task: label(tool.name, c.name), tool: tool.name, args: c.args, synthesized: false });
      continue;
    }
    if (!isSafeTool(tool)) {
      plan.push({ task: `tools/call ${tool.name}`, tool: tool.name, skipped: 'not annotated readOnlyHint: true (it may write); list it in --calls to benchmark it' });
      continue;
    }
    const args = synthesizeArgs(tool.inputSchema);
    if (args === undefined || !checkArguments(tool.inputSchema, args).valid) {
      plan.push({ task: `tools/call ${tool.name}`, tool: tool.name, skipped: 'no arguments could be built from its inputSchema; list it in --calls with real arguments' });
      continue;
    }
    plan.push({ task: label(tool.name), tool: tool.name, args, synthesized: true });
  }
  return plan;
}

/** Smallest arguments the schema accepts for its required properties: default, const, enum, examples, then by type. */
export function synthesizeArgs(schema: JsonSchema): Record<string, unknown> | undefined {
  const value = synthesize(schema, 0);
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function synthesize(schema: unknown, depth: number): unknown {
  if (depth > 6 || schema === null || typeof schema !== 'object') return undefined;
  const s = schema as JsonSchema;
  if ('default' in s) return s.default;
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  if (Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0];
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string':
      return 'x'.repeat(typeof s.minLength === 'number' ? Math.max(1, s.minLength) : 1);
    case 'integer':
    case 'number':
      return typeof s.minimum === 'number' ? s.minimum : typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : 1;
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'array': {
      const min = typeof s.minItems === 'number' ? s.minItems : 0;
      const item = synthesize(s.items, depth + 1);
      return min > 0 && item === undefined ? undefined : Array.from({ length: min }, () => item);
    }
    case 'object':
    case undefined: {
      // An untyped schema without properties could want anything: no guess.
      if (type === undefined && s.properties === undefined) return undefined;
      const properties = (s.properties ?? {}) as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const key of Array.isArray(s.required) ? (s.required as string[]) : []) {
        const value = synthesize(properties[key], depth + 1);
        if (value === undefined) return undefined;
        out[key] = value;
      }
      return out;
    }
    default:
      return undefined;
  }
}
