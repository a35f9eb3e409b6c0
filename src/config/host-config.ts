/**
 * Host configuration (spec 2.7): a JSON map from server name to a stdio entry `{command, args, env?,
 * cwd?}` or a remote one `{type?: "http" | "sse", url, headers?}`. Claude Desktop's and Claude Code's
 * `{"mcpServers": {...}}` (Cursor's too), VS Code's `{"servers": {...}, "inputs": [...]}` and a bare map
 * are read as they are. Relative script paths are resolved against the config file's folder and
 * reported, since the spec wants absolute paths. `${VAR}`, `${env:VAR}` and `${VAR:-default}` expand
 * from the environment in `url`, `headers`, `env`, `args` and `oauth`; every expanded value and every
 * header value is registered as a secret, so it is redacted from everything Toolvet writes.
 */
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { ToolvetError } from '../errors.ts';
import { registerSecret } from '../safety/secrets.ts';
import { expandVariables } from './expand-variables.ts';
import { readDataFile } from './read-file.ts';
import { validateData } from './validate.ts';

/** A server Toolvet starts itself and talks to over stdin/stdout. */
export interface StdioServerEntry {
  transport?: 'stdio';
  command: string;
  args: string[];
  env?: Record<string, string>;
  cwd?: string;
}

/**
 * OAuth for a remote server, through the SDK's providers. With `clientSecret`: the client-credentials
 * grant (machine to machine, no browser). Without: the authorization-code grant with PKCE, run once by
 * `toolvet login` (tokens cached per server) or fed in CI from the environment variables named here.
 */
export interface OAuthSettings {
  /** A pre-registered client id (with `clientSecret`: the client-credentials grant). */
  clientId?: string;
  clientSecret?: string;
  /** The client's id as an https URL of its Client ID Metadata Document (CIMD), used when the authorization server supports it. */
  clientMetadataUrl?: string;
  /** Register a client at the authorization server (RFC 7591) when neither of the above applies: deprecated in MCP, so off unless set. */
  dynamicRegistration?: boolean;
  scope?: string;
  /** The authorization server's issuer the credentials belong to; they are sent to no other. */
  issuer?: string;
  /** The name of the environment variable holding a pre-issued access token (CI); never the token itself. */
  accessTokenEnv?: string;
  /** The name of the environment variable holding a refresh token (CI); never the token itself. */
  refreshTokenEnv?: string;
}

/** A server reached over the network: Streamable HTTP, or the deprecated HTTP+SSE transport. */
export interface RemoteServerEntry {
  transport: 'http' | 'sse';
  url: string;
  /** Sent with every request (Authorization and the like); values are secrets. */
  headers?: Record<string, string>;
  oauth?: OAuthSettings;
}

export type ServerEntry = StdioServerEntry | RemoteServerEntry;

export function isRemote(entry: ServerEntry): entry is RemoteServerEntry {
  return entry.transport === 'http' || entry.transport === 'sse';
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
  /** Entries Toolvet does not start (disabled ones), by name with the reason. */
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
    headers: { type: 'object', additionalProperties: { type: 'string' } },
    envFile: { type: 'string' },
    oauth: {
      type: 'object',
      properties: {
        clientId: { type: 'string', minLength: 1 },
        clientSecret: { type: 'string', minLength: 1 },
        clientMetadataUrl: { type: 'string', minLength: 1 },
        dynamicRegistration: { type: 'boolean' },
        scope: { type: 'string' },
        issuer: { type: 'string', minLength: 1 },
        // Names, never values: a token written here would sit in a file anyone may commit.
        accessTokenEnv: { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*$' },
        refreshTokenEnv: { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*$' },
      },
      additionalProperties: false,
    },
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

/** The schemas of a host config (wrapped in `mcpServers`/`servers`, or the bare map); precompiled at build time. */
export const HOST_CONFIG_SCHEMAS: readonly object[] = [hostConfigSchema, mapSchema];

interface RawEntry {
  type?: string;
  command?: string;
  args?: string[];
  env?: Record<string, string>;
  cwd?: string;
  url?: string;
  headers?: Record<string, string>;
  oauth?: OAuthSettings;
  disabled?: boolean;
}

const HINT =
  'a server entry is {"command": "node", "args": ["/abs/path/server.js"], "env"?: {...}, "cwd"?: "..."} or {"type": "http" | "sse", "url": "https://...", "headers"?: {...}}; see docs/servers.md';

export function loadHostConfig(path: string): HostConfig {
  const file = resolve(path);
  const data = readDataFile(file, 'host config');
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new ToolvetError('E_FILE_INVALID', `host config ${file}: $ must be a JSON object`, { file, path: '$', hint: HINT });
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
  // Null prototype: a server named `__proto__` or `constructor` is just a name.
  const config: HostConfig = { file, shape, servers: Object.create(null) as Record<string, ServerEntry>, resolved: [], skipped: [] };
  const prefix = shape === 'bare' ? '$' : `$.${shape}`;
  for (const [name, raw0] of Object.entries(raw)) {
    if (raw0.disabled) {
      config.skipped.push({ server: name, reason: 'disabled in the config' });
      continue;
    }
    const at = `${prefix}.${name}`;
    const entry = expandEntry(raw0, { file, at, server: name });
    const remoteType = remoteTransportOf(entry);
    if (remoteType) {
      if (entry.url === undefined) {
        throw new ToolvetError('E_FILE_INVALID', `host config ${file}: ${at}.url is missing (type "${entry.type}" needs one)`, { file, path: `${at}.url`, server: name, hint: HINT });
      }
      config.servers[name] = remoteEntry(name, entry, remoteType, { file, at });
      continue;
    }
    if (entry.command === undefined) {
      throw new ToolvetError('E_FILE_INVALID', `host config ${file}: ${at}.command is missing`, {
        file,
        path: `${at}.command`,
        server: name,
        hint: HINT,
      });
    }
    config.servers[name] = resolveEntry(name, entry as RawEntry & { command: string }, base, config.resolved);
  }
  return config;
}

/** `http` for Streamable HTTP, `sse` for the legacy transport; a bare `url` (Cursor's shape) is SSE only when its path ends in /sse. */
function remoteTransportOf(entry: RawEntry): 'http' | 'sse' | undefined {
  if (entry.type === 'sse') return 'sse';
  if (entry.type === 'http' || entry.type === 'streamable-http') return 'http';
  if (entry.type === 'stdio' || entry.url === undefined) return undefined;
  return /\/sse\/?$/.test(safePath(entry.url)) ? 'sse' : 'http';
}

function safePath(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

function remoteEntry(server: string, entry: RawEntry, transport: 'http' | 'sse', where: { file: string; at: string }): RemoteServerEntry {
  const url = entry.url!;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ToolvetError('E_FILE_INVALID', `host config ${where.file}: ${where.at}.url is not a URL`, { file: where.file, path: `${where.at}.url`, server, hint: 'write an absolute URL such as "https://example.com/mcp"' });
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ToolvetError('E_FILE_INVALID', `host config ${where.file}: ${where.at}.url must be http: or https:, not ${parsed.protocol}`, { file: where.file, path: `${where.at}.url`, server, hint: 'MCP remote servers are reached over HTTP(S)' });
  }
  if (parsed.username || parsed.password) {
    registerSecret(decodeURIComponent(parsed.password));
    throw new ToolvetError('E_FILE_INVALID', `host config ${where.file}: ${where.at}.url carries credentials (user:password@); they would be sent to no one and printed everywhere`, {
      file: where.file,
      path: `${where.at}.url`,
      server,
      hint: 'put the credential in "headers", e.g. {"Authorization": "Bearer ${MY_TOKEN}"}',
    });
  }
  const out: RemoteServerEntry = { transport, url };
  if (entry.headers && Object.keys(entry.headers).length > 0) {
    out.headers = { ...entry.headers };
    for (const value of Object.values(entry.headers)) {
      registerSecret(value);
      registerSecret(value.replace(/^(Bearer|Basic|Token)\s+/i, ''));
    }
  }
  if (entry.oauth) out.oauth = checkOAuth(server, entry.oauth, where);
  return out;
}

/**
 * The oauth block's rules: a secret means the client-credentials grant; without one, the
 * authorization-code grant needs a way to name the client (CIMD URL, pre-registered id, or the opt-in to
 * dynamic registration). URLs are checked here so a typo fails at load, not mid-login.
 */
function checkOAuth(server: string, oauth: OAuthSettings, where: { file: string; at: string }): OAuthSettings {
  const fail = (field: string, why: string, hint: string): never => {
    throw new ToolvetError('E_FILE_INVALID', `host config ${where.file}: ${where.at}.oauth${field ? `.${field}` : ''} ${why}`, { file: where.file, path: `${where.at}.oauth${field ? `.${field}` : ''}`, server, hint });
  };
  registerSecret(oauth.clientSecret);
  // The issuer pins where the client secret may go (servers/oauth-pin.ts): it must be an HTTP(S) URL.
  const issuer = oauth.issuer;
  if (issuer !== undefined && !(URL.canParse(issuer) && ['http:', 'https:'].includes(new URL(issuer).protocol))) {
    fail('issuer', 'is not an http: or https: URL', 'write the authorization server\'s issuer URL, such as "https://auth.example.com"');
  }
  if (oauth.clientSecret !== undefined) {
    if (oauth.clientId === undefined) fail('clientId', 'is missing (a clientSecret is the client-credentials grant, which needs its client id)', 'add "clientId", or remove "clientSecret" for the browser login (toolvet login)');
    for (const field of ['clientMetadataUrl', 'dynamicRegistration', 'accessTokenEnv', 'refreshTokenEnv'] as const) {
      if (oauth[field] !== undefined) fail(field, 'belongs to the authorization-code login, not to client credentials (clientSecret)', `remove "clientSecret" to log in with a browser, or remove "${field}"`);
    }
    return { ...oauth };
  }
  const cimd = oauth.clientMetadataUrl;
  if (cimd !== undefined && !(URL.canParse(cimd) && new URL(cimd).protocol === 'https:' && new URL(cimd).pathname !== '/')) {
    fail('clientMetadataUrl', 'is not an https: URL with a path (a Client ID Metadata Document is served over https at its own path)', 'write the URL of your client metadata document, such as "https://example.com/toolvet/client.json"');
  }
  if (cimd === undefined && oauth.clientId === undefined && oauth.dynamicRegistration !== true) {
    fail('', 'names no client: give "clientMetadataUrl" (a Client ID Metadata Document), a pre-registered "clientId", or "dynamicRegistration": true', 'see docs/auth.md: most authorization servers take a client metadata document URL; dynamic registration is deprecated in MCP');
  }
  return { ...oauth };
}

/** Expands variables in the fields users put them in; a missing one is an input error naming it and where. */
function expandEntry(entry: RawEntry, where: { file: string; at: string; server: string }): RawEntry {
  const expand = (field: string, value: string, secret = true): string => expandVariables(value, { ...where, field: `${where.at}.${field}` }, secret ? registerSecret : undefined);
  const out: RawEntry = { ...entry };
  if (entry.url !== undefined) out.url = expand('url', entry.url);
  if (entry.args) out.args = entry.args.map((arg, i) => expand(`args[${i}]`, arg));
  if (entry.env) out.env = Object.fromEntries(Object.entries(entry.env).map(([k, v]) => [k, expand(`env.${k}`, v)]));
  if (entry.headers) out.headers = Object.fromEntries(Object.entries(entry.headers).map(([k, v]) => [k, expand(`headers.${k}`, v)]));
  if (entry.oauth) {
    // The token variables are names, read when a token is needed: they are not expanded here. Only the
    // client secret is a secret: the client id, issuer and scope are printed in the authorization URL.
    out.oauth = { ...entry.oauth };
    for (const key of ['clientId', 'clientSecret', 'clientMetadataUrl', 'scope', 'issuer'] as const) {
      const value = entry.oauth[key];
      if (value !== undefined) out.oauth[key] = expand(`oauth.${key}`, value, key === 'clientSecret');
    }
  }
  return out;
}

/** A relative path that exists under the config folder is resolved; bare program names (`node`) are not. */
function resolveEntry(server: string, entry: RawEntry & { command: string }, base: string, resolved: ResolvedPath[]): StdioServerEntry {
  const resolvePath = (field: string, value: string): string => {
    if (isAbsolute(value) || value.startsWith('-')) return value;
    const looksLikePath = value.startsWith('.') || value.includes('/') || /\.(m?js|cjs|ts|py|sh|rb)$/.test(value);
    if (!looksLikePath) return value;
    const to = resolve(base, value);
    if (!existsSync(to)) return value;
    resolved.push({ server, field, from: value, to });
    return to;
  };
  const out: StdioServerEntry = {
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
      throw new ToolvetError(
        'E_UNKNOWN_SERVER',
        skipped ? `server "${name}" in ${config.file} is not started: ${skipped.reason}` : `no server named "${name}" in ${config.file}`,
        { file: config.file, server: name, hint: `known servers: ${Object.keys(config.servers).join(', ') || '(none)'}` },
      );
    }
  }
  return [...names];
}
