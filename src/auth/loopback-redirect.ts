/**
 * The loopback redirect of `toolvet login` (RFC 8252 section 7.3): a listener on 127.0.0.1 at a port
 * the system picks, taking one authorization response at /callback. The response must carry the
 * `state` the authorization request was sent with (else it is refused: a forged or stale response,
 * RFC 6749 section 10.12); an `error` from the authorization server is refused with its words. Nothing
 * comes in within the timeout: E_LOGIN_TIMEOUT.
 */
import { createServer, type Server } from 'node:http';
import { ToolvetError } from '../errors.ts';
import { sanitizeLine } from '../safety/terminal.ts';

export interface LoopbackRedirect {
  /** http://127.0.0.1:PORT/callback */
  redirectUrl: string;
  /** The authorization response's query (code, state, iss), once one with the right state arrived. */
  response: Promise<URLSearchParams>;
  close(): Promise<void>;
}

const PAGE = (title: string, text: string): string =>
  `<!doctype html><meta charset="utf-8"><title>${title}</title><body style="font-family: sans-serif; margin: 3em"><h1>${title}</h1><p>${text}</p></body>`;

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function listenForRedirect(server: string, state: string, timeoutMs: number): Promise<LoopbackRedirect> {
  let settle: { resolve(params: URLSearchParams): void; reject(error: Error): void } | undefined;
  const response = new Promise<URLSearchParams>((resolve, reject) => (settle = { resolve, reject }));
  response.catch(() => undefined);
  const http: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const answer = (status: number, title: string, text: string): void => void res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(PAGE(title, escapeHtml(text)));
    if (req.method !== 'GET' || url.pathname !== '/callback') return answer(404, 'Not found', 'Toolvet waits for the login at /callback only.');
    const params = url.searchParams;
    if (params.get('state') !== state) {
      answer(400, 'Login refused', 'This response does not carry the state Toolvet sent with its request (a stale tab, or a forged response). Run toolvet login again.');
      return settle?.reject(
        new ToolvetError('E_LOGIN_FAILED', `server "${server}": the authorization response's state does not match the one sent; refused, no code was exchanged`, {
          server,
          hint: `a response from an older login tab, or one someone else made: run "toolvet login ${server}" again and use the new URL`,
        }),
      );
    }
    const error = params.get('error');
    if (error) {
      const said = sanitizeLine(`${error}${params.get('error_description') ? `: ${params.get('error_description')}` : ''}`).slice(0, 300);
      answer(400, 'Login refused', `The authorization server said: ${said}`);
      return settle?.reject(new ToolvetError('E_LOGIN_FAILED', `server "${server}": the authorization server refused the login (${said})`, { server, hint: 'check the account and the scope you granted, then run toolvet login again' }));
    }
    answer(200, 'Logged in', 'Toolvet received the login. You can close this tab.');
    settle?.resolve(params);
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = http.address() as { port: number };
  const redirectUrl = `http://127.0.0.1:${port}/callback`;
  const timer = setTimeout(() => {
    settle?.reject(
      new ToolvetError('E_LOGIN_TIMEOUT', `server "${server}": no authorization response reached ${redirectUrl} within ${Math.round(timeoutMs / 1000)} s`, {
        server,
        hint: 'open the URL printed above in a browser on this machine and finish the login there; raise --login-timeout if you need longer',
      }),
    );
  }, timeoutMs);
  const close = async (): Promise<void> => {
    clearTimeout(timer);
    http.closeAllConnections();
    await new Promise<void>((resolve) => http.close(() => resolve()));
  };
  return { redirectUrl, response, close };
}
