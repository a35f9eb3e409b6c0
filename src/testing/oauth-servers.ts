/**
 * The OAuth fixtures of the login tests, started as child processes on 127.0.0.1: the authorization
 * server (fixtures/servers/oauth-authorization-server.mjs) and the MCP server behind it
 * (oauth-protected-server.mjs), plus the browser's part: open the printed authorization URL and follow
 * its redirect to Toolvet's loopback listener.
 */
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startHttpServer, type HttpServerHandle } from './http-server.ts';

const script = (name: string): string => fileURLToPath(new URL(`../../fixtures/servers/${name}`, import.meta.url));

export interface AuthServerHandle extends HttpServerHandle {
  /** The issuer, e.g. http://127.0.0.1:41234 */
  base: string;
  /** The requests it has seen (method, path, grant_type, client_id; no secrets). */
  log(): Promise<Array<{ method: string; path: string; grant_type?: string; client_id?: string }>>;
  /** Expires every access token issued so far. */
  expireTokens(): Promise<void>;
}

export async function startAuthServer(env: Record<string, string> = {}): Promise<AuthServerHandle> {
  const handle = await startHttpServer({ args: [script('oauth-authorization-server.mjs'), '0'], env, ready: /listening (http:\/\/\S+)/ });
  const base = handle.url;
  return {
    ...handle,
    base,
    log: async () => (await fetch(`${base}/log`)).json() as Promise<Array<{ method: string; path: string; grant_type?: string; client_id?: string }>>,
    expireTokens: async () => void (await fetch(`${base}/expire`, { method: 'POST' })).arrayBuffer(),
  };
}

/** The MCP server checking tokens at `authServer`; `env`: OAUTH_AS_NAMED, OAUTH_AS_SELF (see the fixture). */
export function startProtectedServer(authServer: string, env: Record<string, string> = {}): Promise<HttpServerHandle> {
  return startHttpServer({ args: [script('oauth-protected-server.mjs'), '0'], env: { OAUTH_AS: authServer, ...env }, ready: /listening (http:\/\/\S+)/ });
}

/** Waits until `child` has printed the authorization URL on stdout, and returns it. */
export function authorizationUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const onData = (chunk: Buffer): void => {
      seen += chunk.toString();
      const match = /^ {2}(http:\/\/127\.0\.0\.1:\d+\/authorize\?\S+)$/m.exec(seen);
      if (!match) return;
      child.stdout?.off('data', onData);
      resolve(match[1]!);
    };
    child.stdout?.on('data', onData);
    child.once('close', () => reject(new Error(`the login ended before printing an authorization URL: ${seen}`)));
  });
}

/** The browser: GET the authorization URL, then the loopback address it redirects to. Returns that page's status. */
export async function playBrowser(url: string): Promise<{ status: number; redirectedTo: string }> {
  const authorize = await fetch(url, { redirect: 'manual' });
  const location = authorize.headers.get('location');
  if (authorize.status !== 302 || !location) throw new Error(`the authorization server answered ${authorize.status}: ${await authorize.text()}`);
  const callback = await fetch(location);
  await callback.arrayBuffer();
  return { status: callback.status, redirectedTo: location };
}
