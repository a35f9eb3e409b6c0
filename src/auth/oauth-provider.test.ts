/**
 * The login provider's own decisions, on real cache files in a folder of the test's own (the SDK's
 * side of the flow is exercised over HTTP in login.e2e.test.ts): which client it names, where tokens
 * come from, what a refused token does to the cache, and that no run waits for a browser.
 */
import { join } from 'node:path';
import type { OAuthDiscoveryState } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import type { OAuthSettings } from '../config/host-config.ts';
import { tempDir } from '../testing/temp-dir.ts';
import { AuthorizationCodeProvider } from './oauth-provider.ts';
import { TokenCache, tokenCacheDir } from './token-cache.ts';

const URL_A = 'https://mcp.example.com/mcp';
const ISSUER = 'https://as.example.com';
const CIMD = 'https://client.example.com/toolvet.json';

function setup(oauth: OAuthSettings, env: Record<string, string> = {}): { env: NodeJS.ProcessEnv; cache: TokenCache; provider: (login?: boolean) => AuthorizationCodeProvider } {
  const full = { XDG_CACHE_HOME: tempDir('toolvet-provider-'), ...env };
  const entry = { transport: 'http' as const, url: URL_A, oauth };
  return {
    env: full,
    cache: new TokenCache(tokenCacheDir(full)),
    provider: (login) => new AuthorizationCodeProvider('web', entry, login ? { redirectUrl: 'http://127.0.0.1:5555/callback', state: 's', onAuthorizationUrl: () => undefined } : undefined, full),
  };
}

const discovered = (cimd: boolean): OAuthDiscoveryState => ({ authorizationServerUrl: ISSUER, authorizationServerMetadata: { issuer: ISSUER, authorization_endpoint: `${ISSUER}/a`, token_endpoint: `${ISSUER}/t`, response_types_supported: ['code'], client_id_metadata_document_supported: cimd } });

const pair = (n: number): { access_token: string; token_type: string; refresh_token: string; expires_in: number } => ({ access_token: `access-${n}-abcdef`, token_type: 'Bearer', refresh_token: `refresh-${n}-abcdef`, expires_in: 3600 });

describe('which client the provider names', () => {
  it('the pre-registered id first (the MCP order), else CIMD when the authorization server takes it (the SDK uses the URL), else E_SERVER_AUTH naming oauth.clientId', () => {
    const both = setup({ clientMetadataUrl: CIMD, clientId: 'pre-id' }).provider(true);
    both.saveDiscoveryState(discovered(true));
    expect(both.clientInformation({ issuer: ISSUER })).toEqual({ client_id: 'pre-id', issuer: ISSUER });
    both.saveDiscoveryState(discovered(false));
    expect(both.clientInformation({ issuer: ISSUER })).toEqual({ client_id: 'pre-id', issuer: ISSUER });
    const cimd = setup({ clientMetadataUrl: CIMD }).provider(true);
    cimd.saveDiscoveryState(discovered(true));
    expect(cimd.clientInformation({ issuer: ISSUER })).toBeUndefined();
    expect(cimd.clientMetadataUrl).toBe(CIMD);
    const cimdOnly = setup({ clientMetadataUrl: CIMD }).provider(true);
    cimdOnly.saveDiscoveryState(discovered(false));
    expect(() => cimdOnly.clientInformation({ issuer: ISSUER })).toThrow(expect.objectContaining({ code: 'E_SERVER_AUTH', path: 'oauth.clientId' }));
  });

  it('dynamic registration: undefined (the SDK registers) only when opted in, then the registered client', () => {
    const dcr = setup({ dynamicRegistration: true }).provider(true);
    dcr.saveDiscoveryState(discovered(false));
    expect(dcr.clientInformation({ issuer: ISSUER })).toBeUndefined();
    dcr.saveClientInformation({ client_id: 'dcr-1', issuer: ISSUER });
    expect(dcr.clientInformation({ issuer: ISSUER })).toEqual({ client_id: 'dcr-1', issuer: ISSUER });
  });
});

describe('where tokens come from', () => {
  it('a run with nothing cached and no variable: E_LOGIN_REQUIRED before any client is named, and at the browser step', () => {
    const run = setup({ clientId: 'pre-id', accessTokenEnv: 'WEB_TOKEN' }).provider();
    expect(() => run.clientInformation({ issuer: ISSUER })).toThrow(expect.objectContaining({ code: 'E_LOGIN_REQUIRED', hint: expect.stringContaining('set WEB_TOKEN') }));
    expect(() => run.redirectToAuthorization(new URL(`${ISSUER}/a`))).toThrow(expect.objectContaining({ code: 'E_LOGIN_REQUIRED', hint: expect.stringContaining('toolvet login web') }));
  });

  it('a variable that is set wins over the cache, and tokens refreshed from it are not written to the cache', () => {
    const s = setup({ clientId: 'pre-id', accessTokenEnv: 'WEB_TOKEN' }, { WEB_TOKEN: 'from-the-environment' });
    s.cache.save({ serverUrl: URL_A, issuer: ISSUER, tokens: pair(1), savedAt: 1 });
    const run = s.provider();
    expect(run.tokens()?.access_token).toBe('from-the-environment');
    run.saveTokens({ ...pair(2), issuer: ISSUER }, { issuer: ISSUER });
    expect(s.cache.read(URL_A, ISSUER)?.tokens.access_token).toBe('access-1-abcdef');
  });

  it('an access token the cache says has expired is not sent (the 401 starts a refresh); with an issuer asked, it is all there', () => {
    const s = setup({ clientId: 'pre-id' });
    s.cache.save({ serverUrl: URL_A, issuer: ISSUER, tokens: pair(1), savedAt: 1, expiresAt: Date.now() - 1 });
    const run = s.provider();
    expect(run.tokens()?.access_token).toBeUndefined();
    expect(run.tokens()?.refresh_token).toBe('refresh-1-abcdef');
    expect(run.tokens({ issuer: ISSUER })?.access_token).toBe('access-1-abcdef');
  });
});

describe('a refused token', () => {
  it('when another connection refreshed meanwhile (rotation), the newer cached pair is taken and the login kept', () => {
    const s = setup({ clientId: 'pre-id' });
    s.cache.save({ serverUrl: URL_A, issuer: ISSUER, tokens: pair(1), savedAt: 1 });
    const first = s.provider();
    const second = s.provider();
    first.saveTokens({ ...pair(2), issuer: ISSUER }, { issuer: ISSUER });
    second.invalidateCredentials('tokens');
    expect(second.tokens({ issuer: ISSUER })?.refresh_token).toBe('refresh-2-abcdef');
    expect(s.cache.read(URL_A, ISSUER)?.tokens.refresh_token).toBe('refresh-2-abcdef');
  });

  it('else the login is forgotten, and the run says the cached login was refused', () => {
    const s = setup({ clientId: 'pre-id' });
    s.cache.save({ serverUrl: URL_A, issuer: ISSUER, tokens: pair(1), savedAt: 1 });
    const run = s.provider();
    run.invalidateCredentials('tokens');
    expect(s.cache.read(URL_A, ISSUER)).toBeUndefined();
    expect(() => run.redirectToAuthorization(new URL(`${ISSUER}/a`))).toThrow(expect.objectContaining({ code: 'E_LOGIN_REQUIRED', message: expect.stringContaining('cached login was refused') }));
    expect(join(s.env.XDG_CACHE_HOME!, 'toolvet', 'oauth')).toBe(s.cache.dir);
  });
});
