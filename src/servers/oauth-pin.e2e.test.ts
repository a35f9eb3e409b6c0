/**
 * OAuth client credentials pinned to the server's origin or the configured issuer, through the CLI
 * (`toolvet doctor`) against our v2 fixture over Streamable HTTP and a second authorization server on
 * another port of 127.0.0.1 that records every request it gets. Metadata that points elsewhere (the
 * authorization server, or only the token endpoint) is refused before anything is sent there; the same
 * origin works without `issuer`; another port works once `issuer` names it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliRun } from '../cli/testing.ts';
import { startModernHttp, type HttpServerHandle } from '../testing/http-server.ts';

const CLIENT = 'toolvet-ci';
const SECRET = 'pinned-client-secret-6d2e9b';
const TOKEN = 'issued-by-the-other-port-3a7c';

interface Recorded {
  method: string;
  url: string;
  authorization?: string;
}

/** An authorization server on its own port: metadata, a token endpoint that issues TOKEN, and a log of every request. */
async function startAuthServer(): Promise<{ base: string; requests: Recorded[]; close(): Promise<void> }> {
  const requests: Recorded[] = [];
  let base = '';
  const server: Server = createServer((req: IncomingMessage, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization });
    const json = (status: number, body: unknown): void => void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.url?.startsWith('/.well-known/')) return json(200, { issuer: base, authorization_endpoint: `${base}/authorize`, token_endpoint: `${base}/token`, grant_types_supported: ['client_credentials'], token_endpoint_auth_methods_supported: ['client_secret_basic'], response_types_supported: ['code'] });
    if (req.url === '/token') {
      const [id, secret] = Buffer.from(String(req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString().split(':').map(decodeURIComponent);
      return id === CLIENT && secret === SECRET ? json(200, { access_token: TOKEN, token_type: 'Bearer', expires_in: 3600 }) : json(401, { error: 'invalid_client' });
    }
    json(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return { base, requests, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

let dir = '';
let other: Awaited<ReturnType<typeof startAuthServer>>;
const servers: HttpServerHandle[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'toolvet-oauth-pin-'));
  other = await startAuthServer();
});
afterAll(async () => {
  await Promise.all([other?.close(), ...servers.map((s) => s.stop())]);
  rmSync(dir, { recursive: true, force: true });
});

async function doctor(name: string, env: Record<string, string>, oauth: Record<string, string>): Promise<CliRun> {
  const server = await startModernHttp({ MODERN_OAUTH_CLIENT: `${CLIENT}:${SECRET}`, ...env });
  servers.push(server);
  const config = join(dir, `${name}.json`);
  writeFileSync(config, JSON.stringify({ mcpServers: { [name]: { type: 'http', url: server.url, oauth: { clientId: CLIENT, clientSecret: '${OAUTH_SECRET}', ...oauth } } } }));
  return runCli(['doctor', '--config', config], { cwd: dir, env: { OAUTH_SECRET: SECRET } });
}

describe('OAuth pinned to its origin', () => {
  it('metadata naming an authorization server on another port, no issuer configured: refused, naming "issuer"; the other port gets nothing', async () => {
    other.requests.length = 0;
    const run = await doctor('elsewhere', { MODERN_OAUTH_AS: other.base, MODERN_TOKEN: TOKEN }, {});
    expect(run.code).not.toBe(0);
    const out = run.stdout + run.stderr;
    expect(out).toContain('E_SERVER_AUTH');
    expect(out).toContain(`"oauth": {"issuer": "${other.base}"}`);
    expect(out).not.toContain(SECRET);
    expect(other.requests).toEqual([]);
  }, 60_000);

  it('the server\'s own authorization server naming a token endpoint on another port: refused, the secret never sent', async () => {
    other.requests.length = 0;
    const run = await doctor('token-elsewhere', { MODERN_OAUTH_TOKEN_ENDPOINT: `${other.base}/token` }, {});
    expect(run.code).not.toBe(0);
    expect(run.stdout + run.stderr).toContain('E_SERVER_AUTH');
    expect(run.stdout + run.stderr).toContain('"issuer"');
    expect(other.requests).toEqual([]);
  }, 60_000);

  it('a token request the server redirects to another port: not followed, the other port gets nothing', async () => {
    other.requests.length = 0;
    const run = await doctor('token-redirect', { MODERN_OAUTH_TOKEN_REDIRECT: `${other.base}/token` }, {});
    expect(run.code).not.toBe(0);
    expect(run.stdout + run.stderr).not.toContain(SECRET);
    expect(other.requests).toEqual([]);
  }, 60_000);

  it('an authorization server on the server\'s own origin works without issuer, with no SDK warning', async () => {
    const run = await doctor('same-origin', {}, {});
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain('same-origin');
    expect(run.stderr).not.toContain('expectedIssuer');
  }, 60_000);

  it('an authorization server on another port works when issuer names it, and only its token endpoint sees the secret', async () => {
    other.requests.length = 0;
    const run = await doctor('named', { MODERN_OAUTH_AS: other.base, MODERN_TOKEN: TOKEN }, { issuer: other.base });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const token = other.requests.filter((r) => r.url === '/token');
    expect(token.length).toBeGreaterThan(0);
    expect(Buffer.from(token[0].authorization!.replace(/^Basic /, ''), 'base64').toString()).toBe(`${CLIENT}:${SECRET}`);
  }, 60_000);
});
