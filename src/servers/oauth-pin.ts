/**
 * OAuth credentials go only where the configuration points. The MCP server's own metadata names its
 * authorization server, so without a pin a server (or whoever answers at its address) could have the
 * client secret, an authorization code with its PKCE verifier, or a refresh token sent anywhere.
 * Toolvet therefore sends the OAuth requests of a remote entry (discovery, registration, token) only to:
 * - the MCP server's own origin (scheme, host and port of `url`), or
 * - the authorization server the entry names in `oauth.issuer`, and the token endpoint that issuer's
 *   own metadata names (an issuer may keep it on another host).
 * Any other address is refused before a byte is sent, with E_SERVER_AUTH naming `oauth.issuer`: the
 * field to set when that authorization server is the right one.
 */
import type { FetchLike, OAuthClientProvider, OAuthClientInformationMixed } from '@modelcontextprotocol/client';
import type { OAuthSettings, RemoteServerEntry } from '../config/host-config.ts';
import { ToolvetError } from '../errors.ts';
import { mcpSdk } from './mcp-sdk.ts';

export interface OAuthPin {
  /** The fetch every request of the transport goes through. */
  fetch: FetchLike;
  authProvider: OAuthClientProvider;
}

const originOf = (url: string | URL): string => new URL(url).origin;

function urlOf(input: string | URL | Request): URL {
  return new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
}

export type OAuthEntry = RemoteServerEntry & { oauth: OAuthSettings };

/** The fetch for an entry with `oauth`, pinned as above: every request of its transport goes through it. */
export function pinnedFetch(server: string, entry: OAuthEntry, base: FetchLike = fetch): FetchLike {
  const own = originOf(entry.url);
  const issuer = entry.oauth.issuer;
  const issuerOrigin = issuer ? originOf(issuer) : undefined;
  // Token endpoints named by metadata that the configured issuer itself served.
  const endpoints = new Set<string>();

  const refuse = (target: URL): never => {
    throw new ToolvetError(
      'E_SERVER_AUTH',
      `server "${server}": its OAuth metadata points the ${entry.oauth.clientSecret ? 'client credentials' : 'OAuth token requests'} at ${target.origin}, which is neither the server's own origin (${own}) nor the "issuer" its config names; refused, nothing was sent there`,
      {
        server,
        path: 'oauth.issuer',
        url: target.origin,
        hint: issuer
          ? `the config names the issuer ${issuer}: check that the server's metadata lists it, or change "oauth": {"issuer": ...} in the host config`
          : `if ${target.origin} is the authorization server these credentials belong to, set it in the host config: "oauth": {"issuer": "${target.origin}"}`,
      },
    );
  };

  const pinned: FetchLike = async (input, init) => {
    const target = urlOf(input);
    const allowed = target.origin === own || target.origin === issuerOrigin || endpoints.has(`${target.origin}${target.pathname}`);
    if (!allowed) refuse(target);
    // Never followed behind our back: a redirect comes back to the SDK, which follows it within the origin through this fetch again.
    const response = await base(input, { ...init, redirect: init?.redirect ?? 'manual' });
    if (issuerOrigin && target.origin === issuerOrigin && target.pathname.startsWith('/.well-known/') && response.ok) {
      const metadata = (await response.clone().json().catch(() => undefined)) as { token_endpoint?: unknown } | undefined;
      if (typeof metadata?.token_endpoint === 'string') {
        const endpoint = URL.canParse(metadata.token_endpoint) ? new URL(metadata.token_endpoint) : undefined;
        if (endpoint) endpoints.add(`${endpoint.origin}${endpoint.pathname}`);
      }
    }
    return response;
  };
  return pinned;
}

/** The fetch and the client-credentials provider for an entry with `oauth.clientSecret`, pinned as above. */
export function oauthPin(server: string, entry: OAuthEntry & { oauth: { clientId: string; clientSecret: string } }, base: FetchLike = fetch): OAuthPin {
  const own = originOf(entry.url);
  const issuer = entry.oauth.issuer;
  const { ClientCredentialsProvider } = mcpSdk().client;
  // Without a configured issuer the credentials are stamped, per SEP-2352, with whichever issuer on
  // the server's own origin the metadata names (the fetch above keeps every other origin out).
  const inner = new ClientCredentialsProvider({ clientId: entry.oauth.clientId, clientSecret: entry.oauth.clientSecret, scope: entry.oauth.scope, expectedIssuer: issuer ?? own });
  const authProvider = Object.create(inner, {
    clientInformation: {
      value: (ctx?: { issuer?: string }): OAuthClientInformationMixed | undefined => {
        const info = inner.clientInformation();
        if (!issuer && ctx?.issuer && URL.canParse(ctx.issuer) && originOf(ctx.issuer) === own) return { ...info, issuer: ctx.issuer } as OAuthClientInformationMixed;
        return info;
      },
    },
  }) as OAuthClientProvider;
  return { fetch: pinnedFetch(server, entry, base), authProvider };
}
