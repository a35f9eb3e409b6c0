/**
 * `toolvet login <server>`: the browser step of the authorization-code login, once, on the user's
 * machine. A loopback listener is opened first (its address is the redirect URI); the server is
 * connected through the same transport a run uses (server-transport.ts), so its 401 sends the SDK
 * through discovery, client selection and PKCE to the authorization URL, which `onUrl` shows. The
 * response that comes back with the right `state` is exchanged by the SDK (`finishAuth`), the tokens
 * land in the cache, and a fresh connection that reads only the cache proves they work.
 */
import { randomBytes } from 'node:crypto';
import { isRemote, type ServerEntry } from '../config/host-config.ts';
import { ToolvetError } from '../errors.ts';
import { loadMcpSdk } from '../servers/mcp-sdk.ts';
import { remoteStartError, toolvetErrorIn, type RemoteTransport } from '../servers/remote-transport.ts';
import { ServerConnection, type ServerTimeouts } from '../servers/server-connection.ts';
import { serverTransport } from '../servers/server-transport.ts';
import { StderrTail } from '../servers/stderr-tail.ts';
import { sanitizeLine } from '../safety/terminal.ts';
import { VERSION } from '../version.ts';
import { listenForRedirect } from './loopback-redirect.ts';
import { TokenCache, tokenCacheDir, type CachedLogin } from './token-cache.ts';

export interface LoginOptions {
  /** How long to wait for the browser step. */
  timeoutMs: number;
  /** Shows the authorization URL (and may open a browser). */
  onUrl: (authorizationUrl: URL, redirectUrl: string) => void;
  timeouts?: Partial<ServerTimeouts>;
}

export interface LoginOutcome {
  server: string;
  /** The cached login (no token is printed from it); undefined when the server asked for none. */
  login?: CachedLogin;
  cacheFile?: string;
  /** The server's name and version as it answered with the new token. */
  answeredAs?: string;
}

/** The entry of `server`, checked to be one `toolvet login` can log in to. */
function loginEntry(server: string, entry: ServerEntry): Extract<ServerEntry, { url: string }> {
  if (!isRemote(entry)) throw new ToolvetError('E_USAGE', `server "${server}" is started over stdio: there is nothing to log in to`, { server, hint: 'toolvet login is for remote servers whose entry has "oauth"' });
  if (!entry.oauth || entry.oauth.clientSecret !== undefined) {
    throw new ToolvetError('E_USAGE', `server "${server}" has no browser login in the config${entry.oauth ? ' (its "oauth" has a clientSecret: client credentials need no login)' : ''}`, {
      server,
      hint: 'give its entry "oauth": {"clientMetadataUrl": "https://..."} or a pre-registered "clientId" (see docs/auth.md)',
    });
  }
  return entry;
}

export async function login(server: string, entry: ServerEntry, options: LoginOptions): Promise<LoginOutcome> {
  const remote = loginEntry(server, entry);
  const { client: sdk } = await loadMcpSdk();
  const state = randomBytes(24).toString('base64url');
  const loopback = await listenForRedirect(server, state, options.timeoutMs);
  let asked = false;
  const transport = serverTransport(server, remote, {
    onBreach: () => undefined,
    stderr: new StderrTail(),
    onNoise: () => undefined,
    login: { redirectUrl: loopback.redirectUrl, state, onAuthorizationUrl: (url) => ((asked = true), options.onUrl(url, loopback.redirectUrl)) },
  }) as RemoteTransport;
  const client = new sdk.Client({ name: 'toolvet', version: VERSION }, { capabilities: {}, versionNegotiation: { mode: 'auto' } });
  try {
    try {
      await client.connect(transport, { timeout: options.timeouts?.startMs ?? 15_000 });
    } catch (error) {
      if (!asked) throw remoteStartError(server, remote, error) ?? error;
    }
    if (!asked) return { server };
    const response = await loopback.response;
    try {
      await transport.finishAuth(response);
    } catch (error) {
      throw (
        toolvetErrorIn(error) ??
        new ToolvetError('E_LOGIN_FAILED', `server "${server}": the authorization code could not be exchanged for a token: ${sanitizeLine((error as Error).message ?? String(error)).slice(0, 300)}`, {
            server,
            hint: `run "toolvet login ${server}" again; if it fails the same way, check "oauth" in the host config against the authorization server`,
          cause: error,
        })
      );
    }
  } finally {
    await client.close().catch(() => undefined);
    await loopback.close();
  }
  const cache = new TokenCache(tokenCacheDir());
  const saved = cache.read(remote.url);
  // A run's own path: a connection that reads the cache only.
  const connection = await ServerConnection.start(server, remote, options.timeouts);
  const answeredAs = [connection.identity.name, connection.identity.version].filter(Boolean).join(' ');
  await connection.close();
  return { server, ...(saved ? { login: saved, cacheFile: cache.fileFor(remote.url) } : {}), answeredAs };
}
