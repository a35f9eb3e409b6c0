/**
 * The authorization-code login (OAuth 2.1 with PKCE) of one remote server, as the SDK's
 * `OAuthClientProvider`: the SDK discovers the protected-resource and authorization-server metadata,
 * makes the PKCE pair, builds the authorization URL, exchanges the code and refreshes; this provider
 * only says who the client is, where tokens live, and what happens at the browser step.
 *
 * - Who the client is, in the MCP specification's order: the pre-registered `clientId`, else its
 *   Client ID Metadata Document URL (`clientMetadataUrl`) when the authorization server says it takes
 *   one, else (only when `dynamicRegistration: true`, deprecated in MCP) a registration the SDK
 *   makes, kept with the tokens. Else E_SERVER_AUTH saying which of the three to add.
 * - Where tokens come from: the environment variables the config names (CI), else the cache of
 *   `toolvet login` (token-cache.ts). Tokens refreshed from the cache go back to it; tokens that came
 *   from the environment stay in memory. An expired access token is not sent: the server's 401 makes the
 *   SDK refresh it.
 * - The browser step: `toolvet login` passes hooks that print the URL and take the redirect. Anywhere
 *   else it never waits: E_LOGIN_REQUIRED says to run `toolvet login` or set the variable.
 */
import { randomBytes } from 'node:crypto';
import type {
  OAuthClientInformationContext,
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import { ToolvetError } from '../errors.ts';
import type { OAuthEntry } from '../servers/oauth-pin.ts';
import { registerSecret } from '../safety/secrets.ts';
import { printableUrl } from '../servers/printable-url.ts';
import { TokenCache, tokenCacheDir, type CachedLogin } from './token-cache.ts';

/** The browser step of `toolvet login`. */
export interface LoginHooks {
  /** The loopback address the authorization server redirects to (http://127.0.0.1:PORT/callback). */
  redirectUrl: string;
  /** The `state` sent with the authorization request; the redirect must bring it back. */
  state: string;
  /** The authorization URL the user must open. */
  onAuthorizationUrl(url: URL): void;
}

/** Stands in for the redirect address where no browser step may happen (the SDK wants one to choose the authorization-code grant). */
const NO_REDIRECT = 'http://127.0.0.1/callback';

type TokenSource = 'environment' | 'cache' | 'login';

export class AuthorizationCodeProvider implements OAuthClientProvider {
  readonly clientMetadataUrl?: string;
  private current?: StoredOAuthTokens;
  private expiresAt?: number;
  private source: TokenSource;
  private client?: StoredOAuthClientInformation;
  private verifier?: string;
  private discovery?: OAuthDiscoveryState;
  private readonly cache: TokenCache;
  private warnedRegistration = false;
  /** Tokens were found at the start (so a later refusal means they were refused, not missing). */
  private hadTokens = false;

  constructor(
    private readonly server: string,
    private readonly entry: OAuthEntry,
    private readonly login?: LoginHooks,
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {
    this.cache = new TokenCache(tokenCacheDir(env));
    this.clientMetadataUrl = entry.oauth.clientMetadataUrl;
    this.source = login ? 'login' : 'cache';
    // A login starts afresh; a run reads the environment first (what CI was given on purpose), then the cache.
    if (!login) this.loadTokens();
  }

  get redirectUrl(): string {
    return this.login?.redirectUrl ?? NO_REDIRECT;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'Toolvet',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      ...(this.entry.oauth.scope ? { scope: this.entry.oauth.scope } : {}),
    };
  }

  state(): string {
    return this.login?.state ?? randomBytes(16).toString('base64url');
  }

  clientInformation(ctx?: OAuthClientInformationContext): StoredOAuthClientInformation | undefined {
    if (!this.login && !this.current) throw this.loginRequired();
    const { oauth } = this.entry;
    const issuer = ctx?.issuer;
    const takesCimd = this.discovery?.authorizationServerMetadata?.client_id_metadata_document_supported === true;
    // Undefined lets the SDK use the metadata document URL as the client id (its CIMD branch).
    // The MCP specification's order: pre-registered client, then CIMD, then dynamic registration.
    if (oauth.clientId) return { client_id: oauth.clientId, ...(issuer ? { issuer } : {}) };
    if (oauth.clientMetadataUrl && takesCimd) return this.client?.client_id === oauth.clientMetadataUrl ? this.client : undefined;
    if (oauth.dynamicRegistration) {
      this.warnRegistration();
      return this.client && (!issuer || this.client.issuer === issuer) ? this.client : undefined;
    }
    const where = this.discovery?.authorizationServerUrl ?? 'the authorization server';
    throw new ToolvetError(
      'E_SERVER_AUTH',
      oauth.clientMetadataUrl
        ? `server "${this.server}": ${where} does not take client metadata documents (its metadata lacks client_id_metadata_document_supported), and the config names no pre-registered clientId`
        : `server "${this.server}": the config names no client for ${where}`,
      { server: this.server, path: 'oauth.clientId', hint: 'add the "clientId" this authorization server issued you to "oauth", or "dynamicRegistration": true if it still registers clients (deprecated in MCP)' },
    );
  }

  saveClientInformation(info: StoredOAuthClientInformation): void {
    registerSecret((info as { client_secret?: string }).client_secret);
    this.client = info;
  }

  tokens(ctx?: OAuthClientInformationContext): StoredOAuthTokens | undefined {
    const tokens = this.current;
    if (!tokens) return undefined;
    // The per-request read (no issuer): an expired access token is left out, so the server's 401 starts a refresh.
    if (!ctx && this.expiresAt !== undefined && Date.now() >= this.expiresAt) return { ...tokens, access_token: undefined as unknown as string };
    return ctx && tokens.issuer === undefined ? { ...tokens, issuer: ctx.issuer } : tokens;
  }

  saveTokens(tokens: StoredOAuthTokens, ctx?: OAuthClientInformationContext): void {
    registerSecret(tokens.access_token);
    registerSecret(tokens.refresh_token);
    registerSecret(tokens.id_token);
    this.current = tokens;
    this.expiresAt = tokens.expires_in !== undefined ? Date.now() + Number(tokens.expires_in) * 1000 : undefined;
    if (this.source === 'environment') return;
    const issuer = ctx?.issuer ?? tokens.issuer;
    if (!issuer) return;
    this.saved = this.cache.save({
      serverUrl: this.entry.url,
      issuer,
      tokens,
      savedAt: Date.now(),
      ...(this.expiresAt !== undefined ? { expiresAt: this.expiresAt } : {}),
      ...(this.client && this.entry.oauth.dynamicRegistration && this.client.client_id !== this.entry.oauth.clientId ? { client: this.client } : {}),
    });
  }

  /** The cache file the last tokens went to. */
  saved?: string;

  redirectToAuthorization(authorizationUrl: URL): void {
    if (!this.login) throw this.loginRequired(this.hadTokens);
    this.login.onAuthorizationUrl(authorizationUrl);
  }

  saveCodeVerifier(codeVerifier: string): void {
    registerSecret(codeVerifier);
    this.verifier = codeVerifier;
  }

  codeVerifier(): string {
    if (!this.verifier) throw new ToolvetError('E_LOGIN_FAILED', `server "${this.server}": no PKCE verifier for this authorization response (it belongs to another login)`, { server: this.server, hint: `run "toolvet login ${this.server}" again` });
    return this.verifier;
  }

  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.discovery = state;
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.discovery;
  }

  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
    if (scope === 'all' || scope === 'tokens') this.dropTokens();
    if (scope === 'all' || scope === 'client') this.client = undefined;
    if (scope === 'all' || scope === 'verifier') this.verifier = undefined;
    if (scope === 'all' || scope === 'discovery') this.discovery = undefined;
  }

  /**
   * The tokens were refused. Another connection to this server (in this run, or a parallel one) may
   * have refreshed them meanwhile, and a rotated refresh token works once: when the cache holds a newer
   * pair, that pair is taken instead of forgetting the login.
   */
  private dropTokens(): void {
    const held = this.current;
    this.current = undefined;
    this.expiresAt = undefined;
    if (this.source !== 'cache' || !held?.issuer) return;
    const now = this.cache.read(this.entry.url, held.issuer);
    if (now && now.tokens.refresh_token !== undefined && now.tokens.refresh_token !== held.refresh_token) {
      this.current = { ...now.tokens, issuer: now.issuer };
      this.expiresAt = now.expiresAt;
      return;
    }
    this.cache.remove(this.entry.url, held.issuer);
  }

  /** The environment's tokens when the config names a variable that is set, else the cached login. */
  private loadTokens(): void {
    const { accessTokenEnv, refreshTokenEnv, issuer } = this.entry.oauth;
    const access = accessTokenEnv ? this.env[accessTokenEnv] : undefined;
    const refresh = refreshTokenEnv ? this.env[refreshTokenEnv] : undefined;
    if (access || refresh) {
      registerSecret(access);
      registerSecret(refresh);
      this.source = 'environment';
      this.current = { access_token: access ?? (undefined as unknown as string), token_type: 'Bearer', ...(refresh ? { refresh_token: refresh } : {}) };
      this.hadTokens = true;
      return;
    }
    const cached: CachedLogin | undefined = this.cache.read(this.entry.url, issuer) ?? (issuer ? this.cache.read(this.entry.url) : undefined);
    if (!cached) return;
    this.current = { ...cached.tokens, issuer: cached.issuer };
    this.hadTokens = true;
    this.expiresAt = cached.expiresAt;
    if (cached.client) this.client = cached.client;
  }

  private warnRegistration(): void {
    if (this.warnedRegistration || this.client) return;
    this.warnedRegistration = true;
    process.stderr.write(`toolvet: W_DYNAMIC_REGISTRATION: server "${this.server}": registering a client dynamically (RFC 7591), deprecated in MCP; prefer "clientMetadataUrl" or a pre-registered "clientId"\n`);
  }

  /** No usable token and no browser step here: what to run, or what to set. */
  private loginRequired(refused = false): ToolvetError {
    const { accessTokenEnv, refreshTokenEnv } = this.entry.oauth;
    const vars = [accessTokenEnv, refreshTokenEnv].filter((v): v is string => v !== undefined);
    const why = refused
      ? `its ${this.source === 'environment' ? `token from ${vars.join(' / ')}` : 'cached login'} was refused and could not be refreshed`
      : `no token: nothing cached by "toolvet login"${vars.length ? ` and ${vars.join(', ')} ${vars.length > 1 ? 'are' : 'is'} not set` : ''}`;
    const ci = vars.length
      ? `in CI, set ${vars.join(' or ')} (a ${accessTokenEnv ? 'pre-issued access token' : 'refresh token'}) in the job's secrets`
      : 'for CI, name an environment variable in the config ("oauth": {"accessTokenEnv": "MY_TOKEN"} or "refreshTokenEnv") and set it in the job\'s secrets';
    return new ToolvetError('E_LOGIN_REQUIRED', `server "${this.server}" needs an OAuth login (${printableUrl(this.entry.url)}): ${why}`, {
      server: this.server,
      hint: `run "toolvet login ${this.server}" on your machine (a browser step, once; tokens are cached in ${this.cache.dir}); ${ci}`,
    });
  }
}
