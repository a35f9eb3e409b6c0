/**
 * The interactive OAuth login as a user meets it, over real HTTP on 127.0.0.1: `toolvet login` is
 * spawned, the test plays the browser (it opens the printed URL and follows the authorization server's
 * redirect to the loopback listener), then `snapshot`, `eval` and `lint` run on the cached tokens in a
 * cache folder of the test's own (XDG_CACHE_HOME). Tokens are read from the cache file and searched
 * for in everything the runs printed or wrote.
 */
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startCli, type CliRun } from '../cli/testing.ts';
import type { HttpServerHandle } from '../testing/http-server.ts';
import { tempDir } from '../testing/temp-dir.ts';
import { authorizationUrl, playBrowser, startAuthServer, startProtectedServer, type AuthServerHandle } from '../testing/oauth-servers.ts';

const CIMD = 'https://toolvet.test/oauth/client.json';
let dir = '';
let as: AuthServerHandle;
let mcp: HttpServerHandle;
const started: HttpServerHandle[] = [];

beforeAll(async () => {
  dir = tempDir('toolvet-login-');
  as = await startAuthServer();
  mcp = await startProtectedServer(as.base);
  started.push(as, mcp);
});
afterAll(async () => {
  await Promise.all(started.map((s) => s.stop()));
});

/** A host config naming `server` at `url` with `oauth`, in a folder of its own; returns the config and a fresh cache folder. */
function project(name: string, url: string, oauth: Record<string, unknown>): { cwd: string; config: string; cache: string } {
  const cwd = mkdtempSync(join(dir, `${name}-`));
  const config = join(cwd, '.mcp.json');
  writeFileSync(config, JSON.stringify({ mcpServers: { forecast: { type: 'http', url, oauth } } }));
  return { cwd, config, cache: join(cwd, 'cache') };
}

/** `toolvet login forecast`, with the test as the browser. */
async function loginAsUser(p: { cwd: string; config: string; cache: string }, extra: string[] = []): Promise<CliRun & { browser?: { status: number } }> {
  const { child, done } = startCli(['login', 'forecast', '--config', p.config, ...extra], { cwd: p.cwd, env: { XDG_CACHE_HOME: p.cache, CI: '' }, timeoutMs: 120_000 });
  let browser: { status: number } | undefined;
  try {
    browser = await playBrowser(await authorizationUrl(child));
  } catch {
    // The login ended before printing a URL (a refusal): its exit says why.
  }
  return { ...(await done), ...(browser ? { browser } : {}) };
}

const cacheFiles = (cache: string): string[] => {
  try {
    return readdirSync(join(cache, 'toolvet', 'oauth')).map((f) => join(cache, 'toolvet', 'oauth', f));
  } catch {
    return [];
  }
};

/** Every token in the cache: none may appear in any output. */
function cachedTokens(cache: string): string[] {
  const tokens: string[] = [];
  for (const file of cacheFiles(cache)) {
    for (const login of Object.values((JSON.parse(readFileSync(file, 'utf8')) as { logins: Record<string, { tokens: Record<string, string> }> }).logins)) {
      tokens.push(...[login.tokens.access_token, login.tokens.refresh_token].filter((t): t is string => typeof t === 'string'));
    }
  }
  return tokens;
}

function expectNoToken(texts: string[], tokens: string[]): void {
  expect(tokens.length).toBeGreaterThan(0);
  for (const text of texts) for (const token of tokens) expect(text.includes(token), `a token appeared in output: ${text.slice(0, 200)}`).toBe(false);
}

describe('toolvet login (authorization code + PKCE, CIMD)', () => {
  const p = (): ReturnType<typeof project> => shared;
  let shared: ReturnType<typeof project>;
  let first: CliRun & { browser?: { status: number } };

  beforeAll(async () => {
    shared = project('cimd', mcp.url, { clientMetadataUrl: CIMD, issuer: as.base });
    first = await loginAsUser(shared);
  }, 120_000);

  it('logs in as the user would: prints the URL, takes the redirect, exchanges the code with its PKCE verifier, caches 0600 in a 0700 folder', async () => {
    expect(first.code, first.stdout + first.stderr).toBe(0);
    expect(first.browser?.status).toBe(200);
    expect(first.stdout).toContain('open this URL in a browser');
    expect(first.stdout).toContain('Logged in to "forecast" (it answered as oauth-forecast 1.0.0)');
    expect(first.stdout).toContain('refresh token: yes');
    const [file, ...more] = cacheFiles(p().cache);
    expect(more).toEqual([]);
    expect(statSync(file!).mode & 0o777).toBe(0o600);
    expect(statSync(join(p().cache, 'toolvet', 'oauth')).mode & 0o777).toBe(0o700);
    const log = await as.log();
    expect(log.filter((r) => r.path === '/token').map((r) => [r.grant_type, r.client_id])).toContainEqual(['authorization_code', CIMD]);
    expectNoToken([first.stdout, first.stderr], cachedTokens(p().cache));
  });

  it('snapshot and eval run on the cached login; no token in their output or the files they write; --status shows no token', async () => {
    const env = { XDG_CACHE_HOME: p().cache, CI: 'true' };
    const snap = await runCli(['snapshot', '--config', p().config, '--out', join(p().cwd, 'snaps')], { cwd: p().cwd, env });
    expect(snap.code, snap.stdout + snap.stderr).toBe(0);
    const queries = join(p().cwd, 'weather.yaml');
    writeFileSync(queries, 'servers: [forecast]\ncases:\n  - id: rain\n    query: "will it rain in Oslo tomorrow? what is the weather forecast"\n    expect:\n      tool: get_forecast\n');
    const evaluated = await runCli(['eval', '--config', p().config, '--queries', queries, '--json', join(p().cwd, 'result.json'), '--results', join(p().cwd, 'cases.jsonl')], { cwd: p().cwd, env });
    expect(evaluated.code, evaluated.stdout + evaluated.stderr).toBe(0);
    const status = await runCli(['login', '--status', '--config', p().config], { cwd: p().cwd, env });
    expect(status.code).toBe(0);
    expect(status.stdout).toContain(`forecast  ${mcp.url}`);
    expect(status.stdout).toContain(`issuer ${as.base}`);
    const written = ['snaps/forecast.json', 'result.json', 'cases.jsonl'].map((f) => readFileSync(join(p().cwd, f), 'utf8'));
    expect(written[0]).toContain('get_forecast');
    expectNoToken([snap.stdout, snap.stderr, evaluated.stdout, evaluated.stderr, status.stdout, status.stderr, ...written], cachedTokens(p().cache));
  }, 120_000);

  it('an access token the authorization server expired is refreshed (rotated refresh token), and the cache updated', async () => {
    const before = cachedTokens(p().cache);
    await as.expireTokens();
    const run = await runCli(['lint', '--config', p().config], { cwd: p().cwd, env: { XDG_CACHE_HOME: p().cache, CI: 'true' } });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const after = cachedTokens(p().cache);
    expect(after[0]).not.toBe(before[0]);
    expect(after[1]).not.toBe(before[1]);
    expect((await as.log()).filter((r) => r.grant_type === 'refresh_token').length).toBeGreaterThan(0);
    expectNoToken([run.stdout, run.stderr], [...before, ...after]);
  }, 120_000);

  it('a token the cache says has expired is not sent: it is refreshed first', async () => {
    const [file] = cacheFiles(p().cache);
    const data = JSON.parse(readFileSync(file!, 'utf8')) as { logins: Record<string, { expiresAt: number }> };
    for (const login of Object.values(data.logins)) login.expiresAt = Date.now() - 1;
    writeFileSync(file!, JSON.stringify(data));
    const refreshes = (await as.log()).filter((r) => r.grant_type === 'refresh_token').length;
    const run = await runCli(['lint', '--config', p().config], { cwd: p().cwd, env: { XDG_CACHE_HOME: p().cache, CI: 'true' } });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect((await as.log()).filter((r) => r.grant_type === 'refresh_token').length).toBe(refreshes + 1);
  }, 120_000);

  it('headless: a pre-issued access token, or a refresh token, from the variable the config names; the cache stays empty', async () => {
    const [access, refresh] = cachedTokens(p().cache);
    const ci = project('env', mcp.url, { clientMetadataUrl: CIMD, issuer: as.base, accessTokenEnv: 'FORECAST_TOKEN', refreshTokenEnv: 'FORECAST_REFRESH' });
    const withAccess = await runCli(['snapshot', '--config', ci.config, '--out', join(ci.cwd, 'a')], { cwd: ci.cwd, env: { XDG_CACHE_HOME: ci.cache, CI: 'true', FORECAST_TOKEN: access } });
    expect(withAccess.code, withAccess.stdout + withAccess.stderr).toBe(0);
    const withRefresh = await runCli(['snapshot', '--config', ci.config, '--out', join(ci.cwd, 'r')], { cwd: ci.cwd, env: { XDG_CACHE_HOME: ci.cache, CI: 'true', FORECAST_REFRESH: refresh } });
    expect(withRefresh.code, withRefresh.stdout + withRefresh.stderr).toBe(0);
    expect(cacheFiles(ci.cache)).toEqual([]);
    expectNoToken([withAccess.stdout, withAccess.stderr, withRefresh.stdout, withRefresh.stderr], [access!, refresh!]);
  }, 120_000);
});

describe('when there is no login', () => {
  it('CI=true with nothing cached and the variable unset: E_LOGIN_REQUIRED naming the server, the command and the variable, at once', async () => {
    const ci = project('ci', mcp.url, { clientMetadataUrl: CIMD, issuer: as.base, accessTokenEnv: 'FORECAST_TOKEN' });
    const run = await runCli(['snapshot', '--config', ci.config, '--out', join(ci.cwd, 's')], { cwd: ci.cwd, env: { XDG_CACHE_HOME: ci.cache, CI: 'true', FORECAST_TOKEN: '' } });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('E_LOGIN_REQUIRED: server "forecast" needs an OAuth login');
    expect(run.stderr).toContain('run "toolvet login forecast" on your machine');
    expect(run.stderr).toContain('set FORECAST_TOKEN');
    const lint = await runCli(['lint', '--config', ci.config], { cwd: ci.cwd, env: { XDG_CACHE_HOME: ci.cache, CI: 'true' } });
    expect(lint.code).toBe(2);
    expect(lint.stdout + lint.stderr).toContain('E_LOGIN_REQUIRED');
    const status = await runCli(['login', '--status', '--config', ci.config], { cwd: ci.cwd, env: { XDG_CACHE_HOME: ci.cache, CI: 'true' } });
    expect(status.stdout).toContain('No cached OAuth logins');
    expect(status.stdout).toContain('forecast: not logged in (run: toolvet login forecast)');
  }, 120_000);

  it('toolvet login itself in CI: refused at once (nobody is there to open a browser), naming the variable to set instead', async () => {
    const ci = project('ci-login', mcp.url, { clientMetadataUrl: CIMD, issuer: as.base, refreshTokenEnv: 'FORECAST_REFRESH' });
    const run = await runCli(['login', 'forecast', '--config', ci.config], { cwd: ci.cwd, env: { XDG_CACHE_HOME: ci.cache, CI: 'true' } });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('E_LOGIN_REQUIRED: server "forecast": toolvet login needs a person at a browser, and CI is set');
    expect(run.stderr).toContain('set FORECAST_REFRESH');
    expect(run.stdout).not.toContain('authorize');
  }, 120_000);

  it('a redirect with another state is refused: E_LOGIN_FAILED, no code exchanged, nothing cached', async () => {
    const forging = await startAuthServer({ OAUTH_WRONG_STATE: '1' });
    const server = await startProtectedServer(forging.base);
    started.push(forging, server);
    const p = project('state', server.url, { clientMetadataUrl: CIMD, issuer: forging.base });
    const run = await loginAsUser(p);
    expect(run.code).toBe(2);
    expect(run.browser?.status).toBe(400);
    expect(run.stderr).toContain("E_LOGIN_FAILED: server \"forecast\": the authorization response's state does not match");
    expect((await forging.log()).filter((r) => r.path === '/token')).toEqual([]);
    expect(cacheFiles(p.cache)).toEqual([]);
  }, 120_000);

  it('nobody opens the URL: E_LOGIN_TIMEOUT naming the listener and the flag', async () => {
    const p = project('timeout', mcp.url, { clientMetadataUrl: CIMD, issuer: as.base });
    const run = await runCli(['login', 'forecast', '--config', p.config, '--login-timeout', '1500'], { cwd: p.cwd, env: { XDG_CACHE_HOME: p.cache, CI: '' } });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/E_LOGIN_TIMEOUT: server "forecast": no authorization response reached http:\/\/127\.0\.0\.1:\d+\/callback within 2 s/);
    expect(run.stderr).toContain('--login-timeout');
  }, 120_000);
});

describe('who the client is, and where its requests may go', () => {
  it('an authorization server without CIMD support: the pre-registered clientId; without one, E_SERVER_AUTH naming oauth.clientId', async () => {
    const plain = await startAuthServer({ OAUTH_CIMD: '0' });
    const server = await startProtectedServer(plain.base);
    started.push(plain, server);
    const missing = project('no-client', server.url, { clientMetadataUrl: CIMD, issuer: plain.base });
    const refused = await loginAsUser(missing);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('does not take client metadata documents');
    expect(refused.stderr).toContain('at: oauth.clientId');
    const fallback = project('prereg', server.url, { clientMetadataUrl: CIMD, clientId: 'toolvet-preregistered', issuer: plain.base });
    const run = await loginAsUser(fallback);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect((await plain.log()).filter((r) => r.path === '/token').map((r) => r.client_id)).toEqual(['toolvet-preregistered']);
  }, 120_000);

  it('dynamic registration only when opted in, with a deprecation warning; later runs refresh with the registered client', async () => {
    const dcr = await startAuthServer({ OAUTH_CIMD: '0', OAUTH_DCR: '1' });
    const server = await startProtectedServer(dcr.base);
    started.push(dcr, server);
    const p = project('dcr', server.url, { dynamicRegistration: true, issuer: dcr.base });
    const run = await loginAsUser(p);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stderr).toContain('W_DYNAMIC_REGISTRATION');
    await dcr.expireTokens();
    const later = await runCli(['lint', '--config', p.config], { cwd: p.cwd, env: { XDG_CACHE_HOME: p.cache, CI: 'true' } });
    expect(later.code, later.stdout + later.stderr).toBe(0);
    const log = await dcr.log();
    expect(log.filter((r) => r.path === '/register')).toHaveLength(1);
    const registered = log.find((r) => r.path === '/register')!.client_id;
    expect(log.filter((r) => r.grant_type === 'refresh_token').map((r) => r.client_id)).toEqual([registered]);
  }, 120_000);

  it('metadata naming an authorization server the config does not: refused before any request reaches it (pinning)', async () => {
    const foreign = await startAuthServer();
    const server = await startProtectedServer(as.base, { OAUTH_AS_NAMED: foreign.base });
    started.push(foreign, server);
    const p = project('pinned', server.url, { clientMetadataUrl: CIMD, issuer: as.base });
    const run = await runCli(['login', 'forecast', '--config', p.config], { cwd: p.cwd, env: { XDG_CACHE_HOME: p.cache, CI: '' } });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('E_SERVER_AUTH');
    expect(run.stderr).toContain(`points the OAuth token requests at ${foreign.base}`);
    expect(run.stderr).toContain('oauth.issuer');
    expect(await foreign.log()).toEqual([]);
    const unnamed = project('unnamed', server.url, { clientMetadataUrl: CIMD });
    const again = await runCli(['login', 'forecast', '--config', unnamed.config], { cwd: unnamed.cwd, env: { XDG_CACHE_HOME: unnamed.cache, CI: '' } });
    expect(again.stderr).toContain('E_SERVER_AUTH');
    expect(await foreign.log()).toEqual([]);
  }, 120_000);

  it('a token endpoint on another origin, named by metadata on the server\'s own origin: the code and its verifier are never sent there', async () => {
    const foreign = await startAuthServer({ OAUTH_NO_ISS: '1' });
    const server = await startProtectedServer(foreign.base, { OAUTH_AS_SELF: '1' });
    started.push(foreign, server);
    const p = project('token-elsewhere', server.url, { clientMetadataUrl: CIMD });
    const run = await loginAsUser(p);
    expect(run.browser?.status).toBe(200);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`E_SERVER_AUTH: server "forecast": its OAuth metadata points the OAuth token requests at ${foreign.base}`);
    expect((await foreign.log()).filter((r) => r.path === '/token')).toEqual([]);
    expect(cacheFiles(p.cache)).toEqual([]);
  }, 120_000);
});
