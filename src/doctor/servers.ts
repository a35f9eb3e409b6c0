/**
 * Each configured server starts and lists its tools (with its stderr when it does not), saying the
 * protocol revision it negotiated and its transport; and script paths are absolute.
 */
import { isRemote, type HostConfig } from '../config/host-config.ts';
import { ServerPool } from '../servers/server-pool.ts';
import type { ServerTimeouts } from '../servers/server-connection.ts';
import type { DoctorCheck } from './types.ts';
import { sanitizeLine } from '../safety/terminal.ts';

export async function checkServers(host: HostConfig, names: string[], timeouts: Partial<ServerTimeouts>): Promise<DoctorCheck[]> {
  const pool = await ServerPool.start(host, names, { timeouts });
  try {
    const errors = new Map(pool.errors().map((e) => [e.server, e]));
    return pool.info().map((info): DoctorCheck => {
      const error = errors.get(info.name);
      if (!error) {
        const connection = pool.connection(info.name);
        const noise = connection?.protocolNoise ?? [];
        const version = info.version ? ` ${sanitizeLine(info.version)}` : '';
        // The negotiated protocol and how it is reached: `protocol 2026-07-28 over stdio`.
        const how = `protocol ${info.protocolVersion ?? 'unknown'} over ${connection?.identity.transport ?? 'stdio'}`;
        const lists = `starts and lists ${info.tools} tool(s) (${how})`;
        if (noise.length > 0) {
          return {
            id: `server:${info.name}`,
            status: 'warn',
            summary: `server "${info.name}"${version} ${lists}, but writes non-JSON to stdout (${noise[0]})`,
            next: 'log to stderr instead: stdout carries only protocol messages',
          };
        }
        const [warning] = connection?.warnings ?? [];
        if (warning) {
          return { id: `server:${info.name}`, status: 'warn', summary: `server "${info.name}"${version} ${lists}; ${warning.message}`, ...(warning.hint ? { next: warning.hint } : {}) };
        }
        return { id: `server:${info.name}`, status: 'ok', summary: `server "${info.name}"${version} ${lists}` };
      }
      return {
        id: `server:${info.name}`,
        status: 'fail',
        summary: `server "${info.name}": ${error.code}: ${error.message}`,
        ...(error.stderr?.length
          ? { details: ['its last stderr lines:', ...error.stderr.map((l) => `| ${l}`)] }
          : host.servers[info.name] && !isRemote(host.servers[info.name])
            ? { details: ['it wrote nothing to stderr'] }
            : {}),
        ...(error.hint ? { next: error.hint } : {}),
      };
    });
  } finally {
    await pool.close();
  }
}

export function checkScriptPaths(host: HostConfig, names: readonly string[]): DoctorCheck {
  const resolved = host.resolved.filter((r) => names.includes(r.server));
  if (resolved.length === 0) return { id: 'script-paths', status: 'ok', summary: 'every command, cwd and script path in the config is absolute' };
  return {
    id: 'script-paths',
    status: 'warn',
    summary: `${resolved.length} relative path(s) in ${host.file}`,
    details: resolved.map((r) => `${r.server}.${r.field} "${r.from}" (resolved here to ${r.to})`),
    next: 'write absolute paths (spec 2.7): a host such as Claude Desktop starts servers from another folder, where relative paths break',
  };
}
