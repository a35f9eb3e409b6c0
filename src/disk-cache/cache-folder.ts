/**
 * Where Toolvet keeps what it may reuse between runs, under the user's own cache folder (XDG Base
 * Directory: $XDG_CACHE_HOME when absolute, else ~/.cache), never a shared temporary folder:
 * `toolvet/oauth` holds login tokens (src/auth/token-cache.ts), `toolvet/schemas` and `toolvet/yaml`
 * what a command would otherwise compute again at start (disk-cache.ts). TOOLVET_CACHE_DIR moves the
 * latter two (tests give it a folder of their own), and `TOOLVET_CACHE_DIR=off` turns them off.
 */
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';

/** `<cache home>/toolvet`, the folder of everything Toolvet caches for this user. */
export function userCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  const xdg = env.XDG_CACHE_HOME;
  return join(xdg && isAbsolute(xdg) ? xdg : join(env.HOME && isAbsolute(env.HOME) ? env.HOME : homedir(), '.cache'), 'toolvet');
}

/** The folder of the start-up caches (`schemas`, `yaml` inside it), or undefined when they are off. */
export function startCacheDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const chosen = env.TOOLVET_CACHE_DIR;
  if (chosen === 'off') return undefined;
  return chosen ? resolve(chosen) : userCacheDir(env);
}
