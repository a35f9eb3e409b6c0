import { spawn } from 'node:child_process';
import type { Command } from 'commander';
import { login } from '../../auth/login.ts';
import { TokenCache, tokenCacheDir, type CachedLogin } from '../../auth/token-cache.ts';
import { loadHostConfig, selectServers, type HostConfig } from '../../config/host-config.ts';
import { EXIT, ToolvetError } from '../../errors.ts';
import { findHostConfig } from '../../init/find-config.ts';
import { printableUrl } from '../../servers/printable-url.ts';
import { addLoginFlags, addServerFlags, DEFAULT_LOGIN_TIMEOUT_MS, type LoginFlags, serverTimeouts, type ServerFlags, sharedOption } from '../flags.ts';
import type { SetExit } from './set-exit.ts';

interface Flags extends LoginFlags, ServerFlags {
  config?: string;
}

/** A browser is tried only for a person at a terminal (never when output goes to a pipe; a login in CI is refused). */
function openBrowser(url: string): void {
  const opener = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? undefined : 'xdg-open';
  if (!opener) return;
  const child = spawn(opener, [url], { detached: true, stdio: 'ignore' });
  child.on('error', () => undefined);
  child.unref();
}

const when = (ms: number): string => {
  const minutes = Math.round((ms - Date.now()) / 60_000);
  return minutes <= 0 ? 'expired' : minutes < 120 ? `in ${minutes} min` : `in ${Math.round(minutes / 60)} h`;
};

function describe(entry: CachedLogin): string {
  const expiry = entry.expiresAt === undefined ? 'no expiry given' : `access token ${entry.expiresAt <= Date.now() ? 'expired' : `expires ${when(entry.expiresAt)}`}`;
  return `issuer ${entry.issuer}, ${expiry}, refresh token: ${entry.tokens.refresh_token ? 'yes' : 'no'}, saved ${new Date(entry.savedAt).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

function status(config: HostConfig | undefined): void {
  const cache = new TokenCache(tokenCacheDir());
  const unreadable: Array<{ file: string; reason: string }> = [];
  const logins = cache.list(unreadable);
  for (const bad of unreadable) process.stdout.write(`Unreadable, left out: ${bad.file} (delete it, then log in again)\n`);
  const names = new Map<string, string[]>();
  for (const [name, entry] of Object.entries(config?.servers ?? {})) if ('url' in entry) names.set(entry.url, [...(names.get(entry.url) ?? []), name]);
  if (logins.length === 0) process.stdout.write(`No cached OAuth logins in ${cache.dir}.\n`);
  else process.stdout.write(`Cached OAuth logins in ${cache.dir} (tokens are never shown):\n`);
  for (const entry of logins) {
    const named = names.get(entry.serverUrl);
    process.stdout.write(`  ${named ? `${named.join(', ')}  ` : ''}${printableUrl(entry.serverUrl)}\n    ${describe(entry)}\n`);
  }
  // The config's servers that log in with a browser and have nothing cached yet.
  const cached = new Set(logins.map((l) => l.serverUrl));
  const waiting = Object.entries(config?.servers ?? {}).filter(([, e]) => 'url' in e && e.oauth && e.oauth.clientSecret === undefined && !cached.has(e.url));
  for (const [name] of waiting) process.stdout.write(`  ${name}: not logged in (run: toolvet login ${name})\n`);
}

export function registerLogin(program: Command, setExit: SetExit): void {
  const command = program
    .command('login')
    .description('log in to a remote server once in a browser (OAuth authorization code with PKCE) and cache its tokens for later runs; --status lists cached logins')
    .argument('[server]', 'the server in the host config to log in to')
    .addOption(sharedOption('config'));
  addServerFlags(addLoginFlags(command)).action(async (server: string | undefined, flags: Flags) => {
    if (flags.status) {
      let config: HostConfig | undefined;
      try {
        config = loadHostConfig(findHostConfig(process.cwd(), flags.config));
      } catch (error) {
        // Without a config the cache is still listed, by URL; a config named on purpose must load.
        if (flags.config) throw error;
      }
      status(config);
      return setExit(EXIT.ok);
    }
    if (!server) throw new ToolvetError('E_USAGE', 'toolvet login needs the name of a server (or --status)', { hint: 'e.g. toolvet login my-server --config .mcp.json' });
    const config = loadHostConfig(findHostConfig(process.cwd(), flags.config));
    selectServers(config, [server]);
    const entry = config.servers[server]!;
    if (process.env.CI && !/^(0|false)$/i.test(process.env.CI)) {
      // A login waits for a person at a browser; in CI nobody comes, so say what works there instead of waiting.
      const vars = 'oauth' in entry && entry.oauth ? [entry.oauth.accessTokenEnv, entry.oauth.refreshTokenEnv].filter(Boolean) : [];
      throw new ToolvetError('E_LOGIN_REQUIRED', `server "${server}": toolvet login needs a person at a browser, and CI is set; nothing was started`, {
        server,
        hint: `log in on your machine; in CI, ${vars.length ? `set ${vars.join(' or ')} in the job's secrets` : 'name a token variable in the config ("oauth": {"accessTokenEnv": "MY_TOKEN"}) and set it in the job\'s secrets'} (see docs/auth.md)`,
      });
    }
    const interactive = flags.browser !== false && process.stdout.isTTY === true;
    const timeoutMs = flags.loginTimeout ?? DEFAULT_LOGIN_TIMEOUT_MS;
    const outcome = await login(server, entry, {
      timeoutMs,
      timeouts: serverTimeouts(flags),
      onUrl: (url, redirect) => {
        process.stdout.write(`To log in to server "${server}", open this URL in a browser${interactive ? ' (trying to open one now)' : ''}:\n\n  ${url.href}\n\n`);
        process.stdout.write(`Waiting for the authorization server to redirect to ${redirect} (up to ${Math.round(timeoutMs / 1000)} s)...\n`);
        if (interactive) openBrowser(url.href);
      },
    });
    if (!outcome.login) {
      process.stdout.write(`Server "${server}" answered without asking for a login: nothing to cache.\n`);
      return setExit(EXIT.ok);
    }
    process.stdout.write(`Logged in to "${server}"${outcome.answeredAs ? ` (it answered as ${outcome.answeredAs})` : ''}: ${describe(outcome.login)}.\n`);
    process.stdout.write(`Tokens cached in ${outcome.cacheFile}; later runs use them and refresh them when they expire.\n`);
    setExit(EXIT.ok);
  });
}
