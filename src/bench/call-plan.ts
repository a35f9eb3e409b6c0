/**
 * Which `tools/call` tasks a server gets, under the call policy (src/safety/call-policy.ts): a tool
 * annotated read-only (`readOnlyHint: true`) is benchmarked with arguments built from its schema
 * unless the calls file lists it; any other tool runs only when the calls file lists it or
 * `--allow-tools` names it (as a model would see it: `server__tool` when two selected servers list it).
 */
import { ToolvetError } from '../errors.ts';
import { decideCall } from '../safety/call-policy.ts';
import { checkAllowNames, qualifiedName, ToolRoutes } from '../servers/tool-routing.ts';
import type { ToolDefinition } from '../types.ts';
import type { BenchCall, CallsFile } from './calls-file.ts';
import { synthesizeArgs } from './synthesize-args.ts';

export { synthesizeArgs };

export interface PlannedCall {
  task: string;
  tool: string;
  args: Record<string, unknown>;
  /** True when the arguments were built from the schema rather than listed. */
  synthesized: boolean;
  /** Why bench may call it: listed in the calls file, annotated read-only, or named by --allow-tools. */
  allowedBy: 'calls' | 'read-only' | 'allow-tools';
}

export interface SkippedCall {
  task: string;
  tool: string;
  skipped: string;
}

/** In the server's tool order; a skipped tool carries the reason. */
export type CallPlan = Array<PlannedCall | SkippedCall>;

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
      throw new ToolvetError('E_UNKNOWN_SERVER', `calls file ${callsFile.file}: $[${i}].server "${call.server}" is not a server of the host config (${configured.join(', ')})`, {
        file: callsFile.file,
        path: `$[${i}].server`,
        server: call.server,
        hint: 'fix the server name in the calls file',
      });
    }
    const servers = call.server !== undefined ? [call.server] : [...toolsByServer.keys()];
    if (servers.some((s) => toolsByServer.get(s)!.some((t) => t.name === call.tool))) return;
    if (filtered && call.server === undefined) return void unused.push(`$[${i}] (${call.tool})`);
    throw new ToolvetError('E_UNKNOWN_TOOL', `calls file ${callsFile.file}: $[${i}].tool "${call.tool}" is not listed by ${servers.join(', ') || 'any server that started'}`, {
      file: callsFile.file,
      path: `$[${i}].tool`,
      tool: call.tool,
      hint: 'use a name that tools/list returns, or pin the call to its server with server: NAME',
    });
  });
  return unused;
}

/**
 * `allowTools` (--allow-tools) lets tools that may write run with arguments built from their schema,
 * as read-only tools do; a listed call always runs with its own arguments.
 */
export function planCalls(server: string, tools: readonly ToolDefinition[], listed: readonly BenchCall[], allowTools: readonly string[] = [], routes?: ToolRoutes): CallPlan {
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
      for (const c of own) plan.push({ task: label(tool.name, c.name), tool: tool.name, args: c.args, synthesized: false, allowedBy: 'calls' });
      continue;
    }
    // A non-destructive tool may still write (create_directory, create_entities), and bench calls each tool hundreds of times.
    const offered = routes?.forTool(server, tool.name) ?? { definition: tool, offered: tool.name, qualified: qualifiedName(server, tool.name) };
    const decision = decideCall(offered, { names: allowTools, source: '--allow-tools' });
    if (!decision.run) {
      plan.push({ task: `tools/call ${tool.name}`, tool: tool.name, skipped: 'not annotated readOnlyHint: true (it may write); list it in --calls or --allow-tools to benchmark it' });
      continue;
    }
    const args = synthesizeArgs(tool.inputSchema);
    if (args === undefined) {
      plan.push({ task: `tools/call ${tool.name}`, tool: tool.name, skipped: 'no arguments could be built from its inputSchema; list it in --calls with real arguments' });
      continue;
    }
    plan.push({ task: label(tool.name), tool: tool.name, args, synthesized: true, allowedBy: decision.by === 'allowed' ? 'allow-tools' : 'read-only' });
  }
  return plan;
}

/**
 * `--allow-tools` names that no selected server lists: an error with the name (a typo would silently
 * leave the tool out), or, while `--server` leaves servers out, names reported back as unused. A bare
 * name two selected servers list is an error naming both (write `server__tool`).
 */
export function checkAllowTools(allowTools: readonly string[], toolsByServer: ReadonlyMap<string, ToolDefinition[]>, configured: readonly string[], routes: ToolRoutes = ToolRoutes.among([...toolsByServer.values()].flat())): string[] {
  const filtered = configured.some((name) => !toolsByServer.has(name));
  const unknown = checkAllowNames(allowTools, [routes], '--allow-tools');
  if (unknown.length === 0 || filtered) return unknown;
  throw new ToolvetError('E_UNKNOWN_TOOL', `--allow-tools names ${unknown.map((n) => `"${n}"`).join(', ')}, which no server lists (${[...toolsByServer.keys()].join(', ') || 'no server started'})`, {
    tool: unknown[0],
    hint: 'use names that tools/list returns (toolvet doctor or toolvet snapshot lists them), as server__tool where two selected servers list the name',
  });
}
