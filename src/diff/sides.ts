/**
 * One side of a diff (OLD or NEW): a snapshot or tool-list file, a folder of them, or `live:CONFIG`
 * for servers started now. Tools are grouped by server: the file's name without extension, or the
 * server's name in the host config.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, extname, join, resolve } from 'node:path';
import { loadHostConfig, selectServers } from '../config/host-config.ts';
import { loadToolFile } from '../config/tool-file.ts';
import { ToolvetError } from '../errors.ts';
import { ServerPool } from '../servers/server-pool.ts';
import { decodeFileName } from '../safety/file-name.ts';
import { readSurface } from './snapshot-surface.ts';
import type { ServerTimeouts } from '../servers/server-connection.ts';
import type { ServerSurface, ToolDefinition } from '../types.ts';

export interface Side {
  label: string;
  /** Server (or file) name -> its tools, without the `server` tag. */
  groups: Map<string, ToolDefinition[]>;
  /** Server (or file) name -> its resources, prompts, capabilities and instructions, when recorded. */
  surfaces?: Map<string, ServerSurface>;
  /** Server (or file) name -> the `serverInfo.version` it reported (a snapshot's `server.version`). */
  versions?: Map<string, string>;
}

export interface SideOptions {
  /** Only these servers, on every kind of side: a folder keeps only their files, `live:` starts only them (a single file is the server chosen). */
  servers?: string[];
  timeouts?: Partial<ServerTimeouts>;
}

const TOOL_FILE = /\.(json|ya?ml)$/i;
const untag = (tools: readonly ToolDefinition[]): ToolDefinition[] => tools.map(({ server: _s, ...t }) => t as ToolDefinition);

export async function loadSide(spec: string, options: SideOptions = {}): Promise<Side> {
  if (spec.startsWith('live:')) return loadLive(spec, spec.slice('live:'.length), options);
  const path = resolve(spec);
  if (!existsSync(path)) {
    throw new ToolvetError('E_FILE_MISSING', `no such file or folder: ${spec}`, { file: path, hint: 'give a snapshot file, a folder of snapshots, a tool list, or live:CONFIG' });
  }
  const groups = new Map<string, ToolDefinition[]>();
  const surfaces = new Map<string, ServerSurface>();
  const versions = new Map<string, string>();
  const add = (name: string, file: string): void => {
    const loaded = loadToolFile(file);
    groups.set(name, untag(loaded.tools));
    if (loaded.surface) surfaces.set(name, loaded.surface);
    if (loaded.version !== undefined) versions.set(name, loaded.version);
  };
  if (statSync(path).isDirectory()) {
    const files = readdirSync(path).filter((f) => TOOL_FILE.test(f)).sort();
    if (files.length === 0) throw new ToolvetError('E_FILE_INVALID', `folder ${spec} holds no .json or .yaml snapshots`, { file: path, hint: 'write snapshots with `toolvet snapshot --config FILE --out DIR`' });
    for (const f of files) add(serverOf(f), join(path, f));
    if (options.servers?.length) keepOnly(spec, path, groups, surfaces, options.servers, versions);
  } else {
    add(stem(path), path);
  }
  return { label: spec, groups, surfaces, versions };
}

async function loadLive(label: string, config: string, options: SideOptions): Promise<Side> {
  if (!config) throw new ToolvetError('E_USAGE', 'live: needs a host config path, e.g. live:fixtures/hosts/example.json', { hint: 'write live:CONFIG' });
  const host = loadHostConfig(config);
  const names = selectServers(host, options.servers ?? []);
  const pool = await ServerPool.start(host, names, { timeouts: options.timeouts });
  try {
    const [error] = pool.errors();
    if (error) throw error;
    const groups = new Map<string, ToolDefinition[]>();
    const surfaces = new Map<string, ServerSurface>();
    const versions = new Map<string, string>();
    for (const name of names) {
      groups.set(name, untag(pool.tools().filter((t) => t.server === name)));
      const connection = pool.connection(name);
      if (connection) surfaces.set(name, await readSurface(connection));
      if (connection?.identity.version !== undefined) versions.set(name, connection.identity.version);
    }
    return { label, groups, surfaces, versions };
  } finally {
    await pool.close();
  }
}

const stem = (file: string): string => basename(file, extname(file));

/** A snapshot file's server: its name decoded (`snapshot` writes `sub%2Fdir.json` for `sub/dir`). */
function serverOf(file: string): string {
  const s = stem(file);
  try {
    return decodeFileName(s) ?? s;
  } catch {
    return s;
  }
}

/** `--server` on a folder side: only those servers' files, and a clear error for one that has none. */
function keepOnly(spec: string, path: string, groups: Map<string, unknown>, surfaces: Map<string, unknown>, servers: readonly string[], versions: Map<string, unknown>): void {
  const missing = servers.filter((s) => !groups.has(s));
  if (missing.length > 0) {
    throw new ToolvetError('E_UNKNOWN_SERVER', `folder ${spec} has no snapshot for server ${missing.map((m) => `"${m}"`).join(', ')}`, {
      file: path,
      server: missing[0],
      hint: `the folder has ${[...groups.keys()].map((g) => `"${g}"`).join(', ')}; write one with \`toolvet snapshot --server NAME\``,
    });
  }
  for (const name of [...groups.keys()]) {
    if (servers.includes(name)) continue;
    groups.delete(name);
    surfaces.delete(name);
    versions.delete(name);
  }
}

export interface GroupPair {
  /** Undefined when each side has one group: the two are compared whatever their names. */
  server?: string;
  old: ToolDefinition[];
  new: ToolDefinition[];
  /** `serverInfo.version` on each side, when recorded. */
  oldVersion?: string;
  newVersion?: string;
}

/** Pairs groups by name; with one group on each side, pairs them regardless of name. */
export function pairGroups(old: Side, next: Side): GroupPair[] {
  const versionsOf = (o: string, n: string) => ({ ...optional('oldVersion', old.versions?.get(o)), ...optional('newVersion', next.versions?.get(n)) });
  if (old.groups.size === 1 && next.groups.size === 1) {
    const [[o, oldTools]] = [...old.groups];
    const [[n, newTools]] = [...next.groups];
    return [{ old: oldTools, new: newTools, ...versionsOf(o, n) }];
  }
  const names = [...new Set([...old.groups.keys(), ...next.groups.keys()])].sort();
  return names.map((server) => ({ server, old: old.groups.get(server) ?? [], new: next.groups.get(server) ?? [], ...versionsOf(server, server) }));
}

const optional = <K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> => (value === undefined ? {} : ({ [key]: value } as Record<K, string>));
