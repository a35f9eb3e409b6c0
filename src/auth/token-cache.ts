/**
 * OAuth tokens cached per server, in the user's cache folder: `$XDG_CACHE_HOME/toolvet/oauth`, else
 * `~/.cache/toolvet/oauth`. The folder is 0700 and owned by the user; each file is 0600, one per server
 * URL, holding one login per authorization server (issuer), so tokens are keyed by server URL + issuer.
 * Files are written atomically through the one writer (src/safety/write-file.ts). Every token read or
 * saved is registered as a secret, so no output of this process can print it.
 */
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { StoredOAuthClientInformation, StoredOAuthTokens } from '@modelcontextprotocol/client';
import { ToolvetError } from '../errors.ts';
import { readDataFile } from '../config/read-file.ts';
import { registerSecret } from '../safety/secrets.ts';
import { writeFileInside } from '../safety/write-file.ts';
import { userCacheDir } from '../disk-cache/cache-folder.ts';

/** One login: the tokens an authorization server issued for one MCP server. */
export interface CachedLogin {
  serverUrl: string;
  issuer: string;
  tokens: StoredOAuthTokens;
  /** When the tokens were saved, ms since the epoch. */
  savedAt: number;
  /** When the access token expires (savedAt + expires_in), when the server said. */
  expiresAt?: number;
  /** The client the tokens were issued to (kept for a dynamically registered one, which cannot be derived from the config). */
  client?: StoredOAuthClientInformation;
}

interface CacheFile {
  version: 1;
  serverUrl: string;
  logins: Record<string, CachedLogin>;
  /** The issuer of the login saved last (the one a request without an issuer reads). */
  last?: string;
}

/** The cache folder for this environment (XDG Base Directory: a relative XDG_CACHE_HOME is ignored). */
export function tokenCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(userCacheDir(env), 'oauth');
}

const fileName = (serverUrl: string): string => `${createHash('sha256').update(serverUrl).digest('hex').slice(0, 32)}.json`;

function registerLogin(login: CachedLogin): void {
  registerSecret(login.tokens.access_token);
  registerSecret(login.tokens.refresh_token);
  registerSecret(login.tokens.id_token);
  registerSecret((login.client as { client_secret?: string } | undefined)?.client_secret);
}

export class TokenCache {
  constructor(readonly dir: string = tokenCacheDir()) {}

  /** The file that holds `serverUrl`'s logins. */
  fileFor(serverUrl: string): string {
    return join(this.dir, fileName(serverUrl));
  }

  /** The login for `serverUrl` with `issuer`, or the one saved last when no issuer is given. */
  read(serverUrl: string, issuer?: string): CachedLogin | undefined {
    const file = this.readFile(this.fileFor(serverUrl));
    if (!file || file.serverUrl !== serverUrl) return undefined;
    const key = issuer ?? file.last;
    const login = key === undefined ? undefined : file.logins[key];
    if (login) registerLogin(login);
    return login;
  }

  save(login: CachedLogin): string {
    registerLogin(login);
    this.ensureDir();
    const existing = this.readFile(this.fileFor(login.serverUrl));
    const file: CacheFile = existing?.serverUrl === login.serverUrl ? existing : { version: 1, serverUrl: login.serverUrl, logins: {} };
    file.logins[login.issuer] = login;
    file.last = login.issuer;
    return writeFileInside(this.dir, fileName(login.serverUrl), `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
  }

  /** Forgets the login (a refused refresh token); the file goes when it holds no login. */
  remove(serverUrl: string, issuer: string): void {
    const file = this.readFile(this.fileFor(serverUrl));
    if (!file || !(issuer in file.logins)) return;
    delete file.logins[issuer];
    if (Object.keys(file.logins).length === 0) return void rmSync(this.fileFor(serverUrl), { force: true });
    if (file.last === issuer) file.last = Object.keys(file.logins)[0];
    writeFileInside(this.dir, fileName(serverUrl), `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
  }

  /** Every cached login, for `toolvet login --status` (the caller prints no token); files that do not read go to `unreadable`. */
  list(unreadable?: Array<{ file: string; reason: string }>): CachedLogin[] {
    if (!existsSync(this.dir)) return [];
    const logins: CachedLogin[] = [];
    for (const name of readdirSync(this.dir).filter((n) => /^[0-9a-f]{32}\.json$/.test(n)).sort()) {
      try {
        const file = this.readFile(join(this.dir, name));
        if (file) for (const login of Object.values(file.logins)) logins.push(login);
      } catch (error) {
        unreadable?.push({ file: join(this.dir, name), reason: (error as Error).message });
      }
    }
    for (const login of logins) registerLogin(login);
    return logins;
  }

  /** The folder, made 0700; refused when it is a link, not a folder, or someone else's. */
  private ensureDir(): void {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const stat = lstatSync(this.dir);
    const refuse = (why: string): never => {
      throw new ToolvetError('E_OUTPUT_UNWRITABLE', `cannot cache OAuth tokens in ${this.dir}: ${why}`, { file: this.dir, hint: 'remove it, or point XDG_CACHE_HOME at a folder of your own' });
    };
    if (stat.isSymbolicLink() || !stat.isDirectory()) refuse('it is not a plain folder');
    if (typeof process.getuid === 'function' && stat.uid !== process.getuid()) refuse('another user owns it');
    if ((stat.mode & 0o077) !== 0) chmodSync(this.dir, 0o700);
  }

  private readFile(path: string): CacheFile | undefined {
    if (!existsSync(path)) return undefined;
    let data: Partial<CacheFile> | null;
    try {
      data = readDataFile(path, 'OAuth token cache', { maxBytes: 1024 * 1024 }) as Partial<CacheFile> | null;
    } catch (error) {
      if (!(error instanceof ToolvetError)) throw error;
      throw new ToolvetError(error.code, error.message, { file: path, hint: 'delete that file, then run toolvet login again for its server', cause: error });
    }
    // A file of another shape (a future version, a hand edit) is no login: `toolvet login` writes a new one.
    if (!data || data.version !== 1 || typeof data.serverUrl !== 'string' || typeof data.logins !== 'object' || data.logins === null) return undefined;
    return data as CacheFile;
  }
}
