/**
 * Which server a model's tool call goes to: the one resolution used by eval, scenarios, the skills
 * behaviour eval and bench. Tools are offered only from the servers a run selects (a query set's
 * `servers:`, else --server, else every server of the config). A name that one selected server lists
 * is offered as it is; a name that two or more list is offered qualified, `server__tool` for each
 * (Claude Code's `mcp__server__tool` without the `mcp__` prefix, which here every tool would carry),
 * and the bare name is offered by none of them. A call is routed by the name it uses, never by the
 * order in which servers listed their tools. App-only tools (MCP Apps, `_meta.ui.visibility` without
 * `"model"`) are never offered and never routed: they are kept in `appOnly`.
 */
import { ToolvetError } from '../errors.ts';
import type { OfferedTool } from '../safety/call-policy.ts';
import type { ToolDefinition } from '../types.ts';
import { isModelVisible } from './app-visibility.ts';

export const QUALIFIER = '__';

/** `server__tool`; characters of the server name outside A-Z a-z 0-9 _ - become _ (as function names allow). */
export function qualifiedName(server: string, tool: string): string {
  return `${server.replace(/[^A-Za-z0-9_-]/g, '_')}${QUALIFIER}${tool}`;
}

/** A tool the model may call, and where its call goes. */
export interface RoutedTool extends OfferedTool {
  /** The server's own name for the tool (what tools/call sends). */
  name: string;
  server?: string;
}

/** What a name a user wrote (an allow entry, a step) refers to. */
export type NameLookup = { found: RoutedTool } | { ambiguous: RoutedTool[] } | { unknown: true };

/** A tool left out of the offer, and why (a tool file repeating a name, a server listing one twice). */
export interface DroppedTool {
  tool: ToolDefinition;
  keptFrom: string;
}

export class ToolRoutes {
  private readonly byOffered = new Map<string, RoutedTool>();
  private readonly byQualified = new Map<string, RoutedTool>();
  private readonly byOwn = new Map<string, RoutedTool>();
  /** Bare names offered qualified, with the tools behind them. */
  private readonly shared = new Map<string, RoutedTool[]>();
  readonly dropped: DroppedTool[] = [];
  /** Tools only the server's app may call: left out of the offer and of routing. */
  readonly appOnly: ToolDefinition[] = [];

  /** Routes over `tools` of the servers named (every server when undefined); tools without a server (tool files) are kept. */
  static among(tools: readonly ToolDefinition[], servers?: readonly string[]): ToolRoutes {
    const selected = servers ? tools.filter((t) => t.server === undefined || servers.includes(t.server)) : tools;
    return new ToolRoutes(selected);
  }

  private constructor(listed: readonly ToolDefinition[]) {
    const tools = listed.filter((t) => isModelVisible(t));
    this.appOnly.push(...listed.filter((t) => !isModelVisible(t)));
    const serversOf = new Map<string, Set<string>>();
    for (const t of tools) if (t.server !== undefined) serversOf.set(t.name, (serversOf.get(t.name) ?? new Set()).add(t.server));
    for (const definition of tools) {
      const server = definition.server;
      const qualified = server !== undefined ? qualifiedName(server, definition.name) : undefined;
      const isShared = server !== undefined && (serversOf.get(definition.name)?.size ?? 0) > 1;
      const offered = isShared ? qualified! : definition.name;
      const taken = this.byOffered.get(offered) ?? (isShared ? undefined : this.shared.get(offered)?.[0]);
      if (taken) {
        this.dropped.push({ tool: definition, keptFrom: taken.server ?? 'a tool file' });
        continue;
      }
      const routed: RoutedTool = { definition, offered, name: definition.name, ...(server !== undefined ? { server } : {}), ...(qualified ? { qualified } : {}) };
      this.byOffered.set(offered, routed);
      if (qualified) this.byQualified.set(qualified, routed);
      if (server !== undefined) this.byOwn.set(`${server}\u0000${definition.name}`, routed);
      if (isShared) this.shared.set(definition.name, [...(this.shared.get(definition.name) ?? []), routed]);
    }
    // A tool file's tool named like a shared one would be offered beside the qualified ones: drop it.
    for (const [bare, tools] of this.shared) {
      const plain = this.byOffered.get(bare);
      if (plain && plain.server === undefined) {
        this.byOffered.delete(bare);
        this.dropped.push({ tool: plain.definition, keptFrom: tools.map((t) => t.server).join(' and ') });
      }
    }
  }

  /** Bare names two or more selected servers list, with the qualified names offered instead. */
  sharedNames(): Array<{ name: string; tools: RoutedTool[] }> {
    return [...this.shared].map(([name, tools]) => ({ name, tools }));
  }

  /** Every routed tool, in the order the servers listed them. */
  tools(): RoutedTool[] {
    return [...this.byOffered.values()];
  }

  /** The definitions the model is sent: each under its offered name. */
  offered(): ToolDefinition[] {
    return this.tools().map((t) => (t.offered === t.definition.name ? t.definition : { ...t.definition, name: t.offered }));
  }

  /** Names as the model sees them. */
  names(): Set<string> {
    return new Set(this.byOffered.keys());
  }

  /** The tool a model's call names: offered names only. */
  route(name: string): RoutedTool | undefined {
    return this.byOffered.get(name);
  }

  /** The tool a server listed under its own name. */
  forTool(server: string, name: string): RoutedTool | undefined {
    return this.byOwn.get(`${server}\u0000${name}`);
  }

  /** A name a user wrote: an offered name, or (with `qualifiedToo`) any tool's `server__tool`. */
  lookup(name: string, qualifiedToo: boolean): NameLookup {
    const found = this.byOffered.get(name) ?? (qualifiedToo ? this.byQualified.get(name) : undefined);
    if (found) return { found };
    const shared = this.shared.get(name);
    return shared ? { ambiguous: shared } : { unknown: true };
  }
}

/** The error for a bare name two selected servers list, naming both and the names to write instead. */
export function ambiguousToolError(name: string, tools: readonly RoutedTool[], where: { what: string; file?: string; path?: string }): ToolvetError {
  const servers = tools.map((t) => `"${t.server}"`).join(' and ');
  return new ToolvetError('E_AMBIGUOUS_TOOL', `${where.what} names tool "${name}", which servers ${servers} ${tools.length === 2 ? 'both' : 'all'} list, so the model is offered ${tools.map((t) => t.offered).join(' and ')} instead`, {
    tool: name,
    ...(where.file ? { file: where.file } : {}),
    ...(where.path ? { path: where.path } : {}),
    hint: `write ${tools.map((t) => t.offered).join(' or ')} (server__tool), or select one of the servers (a query set's servers:, or --server)`,
  });
}

/**
 * Checks allow entries (`--allow-tools`) against routes: an ambiguous bare name throws naming both
 * servers; names no route knows are returned (the caller decides whether that is an error).
 */
export function checkAllowNames(names: readonly string[], routes: readonly ToolRoutes[], what: string): string[] {
  const unknown: string[] = [];
  for (const name of names) {
    const found = routes.map((r) => r.lookup(name, true));
    const ambiguous = found.find((f): f is { ambiguous: RoutedTool[] } => 'ambiguous' in f);
    if (ambiguous) throw ambiguousToolError(name, ambiguous.ambiguous, { what });
    if (found.every((f) => 'unknown' in f)) unknown.push(name);
  }
  return unknown;
}
