/**
 * Remote servers: the SDK's Streamable HTTP and legacy SSE transports with the entry's headers and,
 * for OAuth, the one place the auth provider is chosen: the SDK's `ClientCredentialsProvider` for an
 * entry with a client secret (no browser step), else the authorization-code login
 * (src/auth/oauth-provider.ts: tokens from `toolvet login`'s cache or the environment). Either way every
 * OAuth request goes through the pinned fetch (oauth-pin.ts). Failures to
 * reach one are told apart, each with its own code, the server's name and the next step: nothing
 * listening (E_SERVER_UNREACHABLE), a refused credential (E_SERVER_AUTH), and a URL that answers but
 * not as MCP (E_SERVER_NOT_MCP: an HTML page, a 404). Messages name the URL without its query string
 * and never a header value.
 */
import type { FetchLike, OAuthClientProvider, Transport } from '@modelcontextprotocol/client';
import type { RemoteServerEntry } from '../config/host-config.ts';
import { ToolvetError } from '../errors.ts';
import { AuthorizationCodeProvider, type LoginHooks } from '../auth/oauth-provider.ts';
import { mcpSdk } from './mcp-sdk.ts';
import { oauthPin, pinnedFetch } from './oauth-pin.ts';
import { printableUrl } from './printable-url.ts';

export { printableUrl } from './printable-url.ts';

/** A remote transport; `finishAuth` takes the authorization response of `toolvet login`. */
export type RemoteTransport = Transport & { finishAuth(callback: URLSearchParams): Promise<void> };

/**
 * `base` reads every response: the capped fetch of capped-fetch.ts, so the transport caps hold on HTTP.
 * `login`: the browser step of `toolvet login`; without it a server that needs one fails with E_LOGIN_REQUIRED.
 */
export function remoteTransport(entry: RemoteServerEntry, server = 'remote', base?: typeof globalThis.fetch, login?: LoginHooks): RemoteTransport {
  const { SSEClientTransport, StreamableHTTPClientTransport } = mcpSdk().client;
  const url = new URL(entry.url);
  const requestInit: RequestInit | undefined = entry.headers ? { headers: entry.headers } : undefined;
  const { authProvider, fetch } = remoteAuth(server, entry, base, login);
  return entry.transport === 'sse' ? new SSEClientTransport(url, { requestInit, authProvider, fetch }) : new StreamableHTTPClientTransport(url, { requestInit, authProvider, fetch });
}

/** The auth provider of an entry and the fetch its transport uses: OAuth requests go only to the server's own origin or the configured issuer (oauth-pin.ts). */
function remoteAuth(server: string, entry: RemoteServerEntry, base?: FetchLike, login?: LoginHooks): { authProvider?: OAuthClientProvider; fetch?: FetchLike } {
  const { oauth } = entry;
  if (!oauth) return { fetch: base };
  if (oauth.clientSecret !== undefined && oauth.clientId !== undefined) return oauthPin(server, { ...entry, oauth: { ...oauth, clientId: oauth.clientId, clientSecret: oauth.clientSecret } }, base);
  return { authProvider: new AuthorizationCodeProvider(server, { ...entry, oauth }, login), fetch: pinnedFetch(server, { ...entry, oauth }, base) };
}

const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET', 'ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_SOCKET', 'CERT_HAS_EXPIRED', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'ERR_TLS_CERT_ALTNAME_INVALID', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE']);

/** OAuth error codes (RFC 6749 5.2) that mean the credentials were refused. */
const OAUTH_REFUSALS = new Set(['invalid_client', 'invalid_grant', 'unauthorized_client', 'invalid_scope', 'access_denied', 'invalid_token']);

interface Facts {
  status?: number;
  netCode?: string;
  sdkCode?: string;
  unauthorized: boolean;
  text: string;
}

/** What an error and its causes say: an HTTP status, a network error code, an SDK code. */
function factsOf(error: unknown): Facts {
  const facts: Facts = { unauthorized: false, text: '' };
  let current: unknown = error;
  for (let depth = 0; current && depth < 8; depth++) {
    const e = current as { name?: string; code?: unknown; status?: unknown; data?: { status?: unknown }; message?: string; cause?: unknown };
    if (typeof e.code === 'string' && UNREACHABLE.has(e.code)) facts.netCode ??= e.code;
    else if (typeof e.code === 'string' && /^[A-Z_]+$/.test(e.code)) facts.sdkCode ??= e.code;
    const status = typeof e.data?.status === 'number' ? e.data.status : typeof e.status === 'number' ? e.status : undefined;
    if (status !== undefined) facts.status ??= status;
    if (e.name === 'UnauthorizedError' || (typeof e.code === 'string' && OAUTH_REFUSALS.has(e.code))) facts.unauthorized = true;
    facts.text += ` ${e.message ?? ''}`;
    current = e.cause;
  }
  if (facts.status === undefined) {
    const match = /\bHTTP (\d{3})\b|status(?: code)?:? (\d{3})\b|\((\d{3})\)/i.exec(facts.text);
    if (match) facts.status = Number(match[1] ?? match[2] ?? match[3]);
  }
  return facts;
}

/** Our own coded error (a login required, a pinned origin refused) as it comes back through the SDK, perhaps wrapped. */
export function toolvetErrorIn(error: unknown): ToolvetError | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 8; depth++, current = (current as { cause?: unknown }).cause) {
    if (current instanceof ToolvetError) return current;
  }
  return undefined;
}

/** A coded error for a remote server that could not be reached as MCP; undefined when the facts say nothing specific. */
export function remoteStartError(server: string, entry: RemoteServerEntry, error: unknown): ToolvetError | undefined {
  const ours = toolvetErrorIn(error);
  if (ours) return ours;
  const facts = factsOf(error);
  const url = printableUrl(entry.url);
  if (facts.netCode) {
    return new ToolvetError('E_SERVER_UNREACHABLE', `server "${server}": cannot reach ${url} (${facts.netCode})`, {
      server,
      url,
      hint: facts.netCode.startsWith('E') && facts.netCode !== 'ETIMEDOUT' && facts.netCode !== 'ECONNRESET' ? 'nothing answers at that address: start the server, or fix "url" in the host config' : 'the address did not answer in time or dropped the connection: check the server and the network',
    });
  }
  if (facts.unauthorized || facts.status === 401 || facts.status === 403 || facts.sdkCode === 'CLIENT_HTTP_AUTHENTICATION' || facts.sdkCode === 'CLIENT_HTTP_FORBIDDEN') {
    const status = facts.status ?? (facts.sdkCode === 'CLIENT_HTTP_FORBIDDEN' ? 403 : 401);
    // (An OAuth refusal comes from the token endpoint; the status said is the resource's.)
    const sent = entry.oauth ? (entry.oauth.clientSecret ? 'the OAuth client credentials' : 'the OAuth token') : entry.headers && Object.keys(entry.headers).length > 0 ? `the headers ${Object.keys(entry.headers).join(', ')}` : 'no credentials';
    return new ToolvetError('E_SERVER_AUTH', `server "${server}": ${url} refused ${sent} (HTTP ${status} ${status === 403 ? 'Forbidden' : 'Unauthorized'})`, {
      server,
      url,
      hint: entry.oauth && !entry.oauth.clientSecret ? `the login was refused or lacks a scope: run "toolvet login ${server}" again, or check the token variable the config names` : entry.headers || entry.oauth ? 'the token is wrong, expired or lacks a scope: check the environment variable the config reads it from' : 'this server needs a credential: add "headers": {"Authorization": "Bearer ${YOUR_TOKEN}"} to its entry, or "oauth" client credentials',
    });
  }
  // 4xx (but a timeout or a rate limit), and 501 Not Implemented: a web server that has no POST there.
  const notMcpStatus = facts.status !== undefined && ((facts.status >= 400 && facts.status < 500 && facts.status !== 408 && facts.status !== 429) || facts.status === 501);
  if (notMcpStatus || facts.sdkCode === 'CLIENT_HTTP_UNEXPECTED_CONTENT' || facts.sdkCode === 'CLIENT_HTTP_NOT_IMPLEMENTED' || /unexpected content type|unusable reply|Unexpected token '<'|is not valid JSON/i.test(facts.text)) {
    return new ToolvetError('E_SERVER_NOT_MCP', `server "${server}": ${url} answers, but not as an MCP ${entry.transport === 'sse' ? 'SSE' : 'Streamable HTTP'} endpoint${facts.status ? ` (HTTP ${facts.status})` : ''}`, {
      server,
      url,
      hint: `check the path (MCP endpoints are often /mcp, legacy SSE ones /sse) and the type ("http" or "sse") in the host config`,
    });
  }
  if (facts.status !== undefined && facts.status >= 500) {
    return new ToolvetError('E_SERVER_START', `server "${server}": ${url} failed with HTTP ${facts.status}`, { server, url, hint: 'the server itself is failing: check its logs' });
  }
  return undefined;
}
