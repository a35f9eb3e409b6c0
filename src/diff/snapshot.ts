/**
 * Snapshots: one file per server, `{toolvetSnapshot: 1, server: {name, version}, protocolVersion,
 * tools}` plus, when the server offers them, `resources`, `resourceTemplates`, `prompts`,
 * `capabilities` and `instructions`. Lists sorted by their key (tool and prompt name, resource URI,
 * template URI) and every object's keys sorted, 2-space JSON with a final newline, so an unchanged
 * server gives identical bytes and a changed one gives a readable git diff. The format number stays 1:
 * the new fields are optional, so older files still read and older readers see an unknown key.
 */
import { mkdirSync } from 'node:fs';
import { writeFileInside } from '../safety/write-file.ts';
import { encodeFileName } from '../safety/file-name.ts';
import { redactSecrets } from '../safety/secrets.ts';
import { join, resolve } from 'node:path';
import { loadHostConfig, selectServers } from '../config/host-config.ts';
import { ToolvetError } from '../errors.ts';
import { ServerPool } from '../servers/server-pool.ts';
import type { ServerTimeouts } from '../servers/server-connection.ts';
import type { ServerSurface, ToolDefinition } from '../types.ts';
import { sortKeys } from './effective.ts';
import { readSurface, type SurfaceGap } from './snapshot-surface.ts';

export const SNAPSHOT_FORMAT = 1;

export interface Snapshot extends ServerSurface {
  toolvetSnapshot: typeof SNAPSHOT_FORMAT;
  /** The implementation name and version the server reported at initialize. */
  server: { name: string; version?: string };
  protocolVersion?: string;
  tools: ToolDefinition[];
}

const byKey =
  <T>(key: (item: T) => string) =>
  (a: T, b: T): number =>
    key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;

/** The surface with each list sorted by its key; absent parts stay absent. */
export function sortSurface(surface: ServerSurface): ServerSurface {
  const out: ServerSurface = {};
  if (surface.resources) out.resources = [...surface.resources].sort(byKey((r) => r.uri));
  if (surface.resourceTemplates) out.resourceTemplates = [...surface.resourceTemplates].sort(byKey((r) => r.uriTemplate));
  if (surface.prompts) out.prompts = [...surface.prompts].sort(byKey((p) => p.name));
  if (surface.capabilities) out.capabilities = surface.capabilities;
  if (surface.instructions !== undefined && surface.instructions !== '') out.instructions = surface.instructions;
  return out;
}

/** Tools without the `server` tag (the file name says which server), sorted by name, keys sorted; the surface likewise. */
export function createSnapshot(server: { name: string; version?: string }, protocolVersion: string | undefined, tools: readonly ToolDefinition[], surface: ServerSurface = {}): Snapshot {
  const clean = tools.map(({ server: _server, ...tool }) => tool as ToolDefinition).sort(byKey((t) => t.name));
  return sortKeys({
    toolvetSnapshot: SNAPSHOT_FORMAT,
    server: { name: server.name, ...(server.version ? { version: server.version } : {}) },
    ...(protocolVersion ? { protocolVersion } : {}),
    tools: clean,
    ...sortSurface(surface),
  });
}

export function serializeSnapshot(snapshot: Snapshot): string {
  return `${JSON.stringify(sortKeys(snapshot), null, 2)}\n`;
}

/** A file name from a server name: `everything` -> `everything.json`; path separators are replaced. */
export function snapshotFileName(server: string): string {
  return `${encodeFileName(server)}.json`;
}

export interface SnapshotOptions {
  config: string;
  servers?: string[];
  outDir: string;
  timeouts?: Partial<ServerTimeouts>;
}

export interface WrittenSnapshot {
  server: string;
  file: string;
  tools: number;
  /** Counts of what the server offers besides tools; absent when it does not declare the capability. */
  resources?: number;
  resourceTemplates?: number;
  prompts?: number;
  /** Declared lists the server failed to give: left out of the snapshot, so a later diff does not compare them. */
  gaps?: SurfaceGap[];
}

/** What `snapshot` did: the snapshots written, and the servers that did not answer (nothing written for them). */
export interface SnapshotOutcome {
  written: WrittenSnapshot[];
  failed: ToolvetError[];
}

/**
 * Starts the servers and writes one snapshot for each that answered; a server that failed to start or
 * to list its tools is returned in `failed`, so one broken server does not throw away the others.
 */
export async function snapshotServers(options: SnapshotOptions): Promise<SnapshotOutcome> {
  const host = loadHostConfig(options.config);
  const names = selectServers(host, options.servers ?? []);
  const pool = await ServerPool.start(host, names, { timeouts: options.timeouts });
  try {
    const failed = pool.errors();
    const outDir = resolve(options.outDir);
    const written: WrittenSnapshot[] = [];
    for (const name of [...names].sort()) {
      const connection = pool.connection(name);
      if (!connection) {
        if (!failed.some((e) => e.server === name)) failed.push(new ToolvetError('E_SERVER_START', `server "${name}" did not start`, { server: name }));
        continue;
      }
      mkdirSync(outDir, { recursive: true });
      const tools = pool.tools().filter((t) => t.server === name);
      const identity = connection.identity;
      const gaps: SurfaceGap[] = [];
      const surface = await readSurface(connection, gaps);
      const snapshot = createSnapshot({ name: identity.name ?? name, ...(identity.version ? { version: identity.version } : {}) }, identity.protocolVersion, tools, surface);
      const file = join(outDir, snapshotFileName(name));
      // Server names are encoded (no `..`, no `/`), and the write stays inside outDir even through links.
      writeFileInside(outDir, snapshotFileName(name), redactSecrets(serializeSnapshot(snapshot)));
      written.push({
        server: name,
        file,
        tools: tools.length,
        ...(surface.resources ? { resources: surface.resources.length } : {}),
        ...(surface.resourceTemplates ? { resourceTemplates: surface.resourceTemplates.length } : {}),
        ...(surface.prompts ? { prompts: surface.prompts.length } : {}),
        ...(gaps.length > 0 ? { gaps } : {}),
      });
    }
    return { written, failed };
  } finally {
    await pool.close();
  }
}

/** The error for servers that did not answer, naming each; the others' snapshots are already written. */
export function unansweredError(failed: readonly ToolvetError[], written: number): ToolvetError {
  const names = failed.map((e) => `"${e.server ?? '?'}"`).join(', ');
  const reasons = failed.map((e) => `${e.code}: ${e.message}`).join('; ');
  return new ToolvetError('E_SERVER_START', `${failed.length} server(s) did not answer, so no snapshot was written for them: ${names} (${reasons}); ${written} snapshot(s) of the servers that answered were written`, {
    ...(failed[0]?.server ? { server: failed[0].server } : {}),
    // One server: its own next step (a login to run, a token to set) says more than the general one.
    hint: failed.length === 1 && failed[0]!.hint ? `${failed[0]!.hint}; then snapshot it again with --server ${failed[0]!.server ?? 'NAME'}` : 'fix what those servers need to start (command, environment, a database) and snapshot them again with --server NAME',
  });
}

/** Writes one snapshot per server that answered; when any did not, throws E_SERVER_START naming them (after writing the rest). */
export async function writeSnapshots(options: SnapshotOptions): Promise<WrittenSnapshot[]> {
  const { written, failed } = await snapshotServers(options);
  if (failed.length > 0) throw unansweredError(failed, written.length);
  return written;
}
