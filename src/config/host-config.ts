/**
 * Host configuration (spec 2.7): a JSON map from server name to `{command, args, env?, cwd?}`.
 * Claude Desktop's `{"mcpServers": {...}}`, VS Code's `{"servers": {...}, "inputs": [...]}` and a bare
 * map are read as they are. Relative script paths are resolved against the config file's folder and
 * reported, since the spec wants absolute paths.
 */
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { ToolproofError } from '../errors.ts';
import { readDataFile } from './read-file.ts';
import { validateData } from './validate.ts';

export interface ServerEntry {
  command: string;
  args: string[];
  env?: Record<string, string>;
  cwd?: string;
}

export interface ResolvedPath {
  server: string;
  /** `command`, `cwd` or `args[i]`. */
  field: string;
  from: string;
  to: string;
}

export interface HostConfig {
  file: string;
  /** Which shape the file used. */
  shape: 'mcpServers' | 'servers' | 'bare';
  servers: Record<string, ServerEntry>;
  /** Relative paths that were resolved against the config folder. */
  resolved: ResolvedPath[];
  /** Entries Toolproof cannot start (remote transports), by name with the reason. */
  skipped: Array<{ server: string; reason: string }>;
}

const entrySchema = {
  type: 'object',
  properties: {
    type: { enum: ['stdio', 'http', 'sse', 'streamable-http'] },
    command: { type: 'string', minLength: 1 },
    args: { type: 'array', items: { type: 'string' } },
    env: { type: 'object', additionalProperties: { type: 'string' } },
    cwd: { type: 'string', minLength: 1 },
    url: { type: 'string' },
    headers: { type: 'object' },
    envFile: { type: 'string' },
    disabled: { type: 'boolean' },
  },
  additionalProperties: false,
} as const;

const mapSchema = { type: 'object', additionalProperties: entrySchema, minProperties: 1 } as const;

const hostConfigSchema = {
  type: 'object',
  properties: {
    mcpServers: mapSchema,
    servers: mapSchema,
    inputs: { type: 'array' },
  },
  additionalProperties: false,
} as const;

type RawEntry = ServerEntry & { type?: string; url?: string; disabled?: boolean };

const HINT = 'each server entry is {"command": "node", "args": ["/abs/path/server.js"], "env"?: {...}, "cwd"?: "..."}; see the README, "Host configuration"';

export function loadHostConfig(path: string): HostConfig {
  const file = resolve(path);
  const data = readDataFile(file, 'host config');
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new ToolproofError('E_FILE_INVALID', `host config ${file}: $ must be a JSON object`, { file, path: '$', hint: HINT });
  }
  const record = data as Record<string, unknown>;
  let shape: HostConfig['shape'];
  let raw: Record<string, RawEntry>;
  if ('mcpServers' in record || 'servers' in record) {
    shape = 'mcpServers' in record ? 'mcpServers' : 'servers';
    validateData(hostConfigSchema, data, file, 'host config', HINT);
    raw = record[shape] as Record<string, RawEntry>;
  } else {
    shape = 'bare';
    raw = validateData<Record<string, RawEntry>>(mapSchema, data, file, 'host config', HINT);
  }
  const base = dirname(file);
  const config: HostConfig = { file, shape, servers: {}, resolved: [], skipped: [] };
  const prefix = shape === 'bare' ? '$' : `$.${shape}`;
  for (const [name, entry] of Object.entries(raw)) {
    if (entry.disabled) {
      config.skipped.push({ server: name, reason: 'disabled in the config' });
      continue;
    }
    if (entry.url !== undefined || (entry.type !== undefined && entry.type !== 'stdio')) {
      config.skipped.push({ server: name, reason: `remote transport (${entry.type ?? 'url'}); Toolproof starts stdio servers only` });
      continue;
    }
    if (entry.command === undefined) {
      throw new ToolproofError('E_FILE_INVALID', `host config ${file}: ${prefix}.${name}.command is missing`, {
        file,
        path: `${prefix}.${name}.command`,
        server: name,
        hint: HINT,
      });
    }
    config.servers[name] = resolveEntry(name, entry, base, config.resolved);
  }
  return config;
}

/** A relative path that exists under the config folder is resolved; bare program names (`node`) are not. */
function resolveEntry(server: string, entry: RawEntry, base: string, resolved: ResolvedPath[]): ServerEntry {
  const resolvePath = (field: string, value: string): string => {
    if (isAbsolute(value) || value.startsWith('-')) return value;
    const looksLikePath = value.startsWith('.') || value.includes('/') || /\.(m?js|cjs|ts|py|sh|rb)$/.test(value);
    if (!looksLikePath) return value;
    const to = resolve(base, value);
    if (!existsSync(to)) return value;
    resolved.push({ server, field, from: value, to });
    return to;
  };
  const out: ServerEntry = {
    command: resolvePath('command', entry.command),
    args: (entry.args ?? []).map((arg, i) => resolvePath(`args[${i}]`, arg)),
  };
  if (entry.env) out.env = entry.env;
  if (entry.cwd) {
    out.cwd = isAbsolute(entry.cwd) ? entry.cwd : resolve(base, entry.cwd);
    if (out.cwd !== entry.cwd) resolved.push({ server, field: 'cwd', from: entry.cwd, to: out.cwd });
  }
  return out;
}

/** Picks the named servers, or all of them; an unknown name is an input error listing the known ones. */
export function selectServers(config: HostConfig, names: readonly string[]): string[] {
  if (names.length === 0) return Object.keys(config.servers);
  for (const name of names) {
    if (!(name in config.servers)) {
      const skipped = config.skipped.find((s) => s.server === name);
      throw new ToolproofError(
        'E_UNKNOWN_SERVER',
        skipped ? `server "${name}" in ${config.file} cannot be started: ${skipped.reason}` : `no server named "${name}" in ${config.file}`,
        { file: config.file, server: name, hint: `known servers: ${Object.keys(config.servers).join(', ') || '(none)'}` },
      );
    }
  }
  return [...names];
}
