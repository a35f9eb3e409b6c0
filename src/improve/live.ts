/**
 * `toolvet improve --config FILE [--server NAME]...`: the tools of live servers, and, for `--write`,
 * a patch file (the servers' descriptions cannot be rewritten from outside) that says for each
 * accepted rewording where the old description lives: the server's script file and line, when one of
 * its arguments is a file holding the text, else just the server.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { isRemote, loadHostConfig, selectServers, type HostConfig } from '../config/host-config.ts';
import type { ServerTimeouts } from '../servers/server-connection.ts';
import type { ToolDefinition } from '../types.ts';
import type { ImproveResult } from './improve.ts';

export interface LiveTools {
  config: HostConfig;
  tools: ToolDefinition[];
}

export async function liveTools(configFile: string, names: readonly string[], timeouts: Partial<ServerTimeouts>): Promise<LiveTools> {
  const config = loadHostConfig(configFile);
  const selected = selectServers(config, names);
  const { ServerPool } = await import('../servers/server-pool.ts');
  const pool = await ServerPool.start(config, selected, { timeouts });
  try {
    const [error] = pool.errors();
    if (error) throw error;
    return { config, tools: pool.tools() };
  } finally {
    await pool.close();
  }
}

export interface PatchEntry {
  server: string | null;
  tool: string;
  old: string;
  new: string;
  /** `file:line` of the old description in the server's script, or a sentence saying where to look. */
  location: string;
}

/** Where a server's tool description is written: the first of its argument files holding the text's start. */
export function descriptionLocation(config: HostConfig, server: string | undefined, description: string): string {
  const entry = server ? config.servers[server] : undefined;
  if (!entry) return 'not found: the tool has no server';
  if (isRemote(entry)) return `not found: server "${server}" is remote; edit the description in its source`;
  // The first words, long enough to be unique, short enough not to cross a line break in the source.
  const needle = description.slice(0, 40);
  for (const arg of entry.args) {
    if (!existsSync(arg) || !statSync(arg).isFile()) continue;
    const lines = readFileSync(arg, 'utf8').split('\n');
    const at = lines.findIndex((line) => line.includes(needle));
    if (at >= 0) return `${arg}:${at + 1}`;
  }
  return `not found in the arguments of server "${server}" (${[entry.command, ...entry.args].join(' ')}); edit the description in its source`;
}

export function patchEntries(config: HostConfig, before: readonly ToolDefinition[], result: ImproveResult): PatchEntry[] {
  const entries: PatchEntry[] = [];
  for (const after of result.tools) {
    const old = before.find((t) => t.name === after.name && t.server === after.server);
    if (!old || old.description === after.description) continue;
    entries.push({ server: after.server ?? null, tool: after.name, old: old.description ?? '', new: after.description ?? '', location: descriptionLocation(config, after.server, old.description ?? '') });
  }
  return entries;
}
