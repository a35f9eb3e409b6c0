/**
 * Where `report --pr-comment` posts: the API, the repository, the pull request and the token, read
 * from what GitHub Actions sets ($GITHUB_API_URL, $GITHUB_REPOSITORY, $GITHUB_EVENT_PATH,
 * $GITHUB_TOKEN) and `--pr N`. A missing piece is not an error (the command runs outside pull
 * requests too, on push builds and locally): it is a reason, said on stderr, and the command exits 0.
 * A piece that is present but wrong is a typed error naming it.
 */
import { readFileSync } from 'node:fs';
import { ToolvetError } from '../../errors.ts';
import { registerSecret } from '../../safety/secrets.ts';

export const DEFAULT_API_URL = 'https://api.github.com';

export interface PrTarget {
  /** The REST API's base URL, without a trailing slash. */
  apiUrl: string;
  owner: string;
  repo: string;
  pr: number;
  token: string;
}

export type PrContext = { kind: 'ready'; target: PrTarget } | { kind: 'none'; reason: string };

const REPOSITORY = /^([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+)$/;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** `--pr N`: a positive whole number, or a usage error naming the flag. */
function parsePrFlag(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < 1) {
    throw new ToolvetError('E_USAGE', `--pr must be a pull request number (a whole number from 1), not "${value}"`, { hint: 'pass the number shown in the pull request\'s address, e.g. --pr 42' });
  }
  return n;
}

interface EventPullRequest {
  number?: unknown;
  head?: { repo?: { full_name?: unknown } | null };
  base?: { repo?: { full_name?: unknown } | null };
}

/** The pull request of the event GitHub wrote to $GITHUB_EVENT_PATH, or why there is none. */
function prFromEvent(env: NodeJS.ProcessEnv): number | { reason: string } {
  const file = env.GITHUB_EVENT_PATH;
  if (!file) return { reason: 'no pull request: $GITHUB_EVENT_PATH is not set (not a GitHub Actions run) and --pr was not given' };
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ToolvetError('E_FILE_UNREADABLE', `cannot read the event file named by $GITHUB_EVENT_PATH: ${(error as Error).message}`, { file, hint: 'unset GITHUB_EVENT_PATH outside GitHub Actions, or name the pull request with --pr N' });
  }
  let event: { pull_request?: EventPullRequest };
  try {
    event = JSON.parse(text) as { pull_request?: EventPullRequest };
  } catch (error) {
    throw new ToolvetError('E_FILE_PARSE', `the event file named by $GITHUB_EVENT_PATH is not JSON: ${(error as Error).message}`, { file, hint: 'unset GITHUB_EVENT_PATH outside GitHub Actions, or name the pull request with --pr N' });
  }
  const pr = event?.pull_request;
  const eventName = env.GITHUB_EVENT_NAME || 'this run\'s event';
  if (!pr || typeof pr.number !== 'number' || !Number.isSafeInteger(pr.number) || pr.number < 1) {
    return { reason: `no pull request: ${eventName} is not a pull request event (the event file has no pull_request.number) and --pr was not given` };
  }
  const head = pr.head?.repo?.full_name;
  const base = pr.base?.repo?.full_name;
  // A `pull_request` run from a fork gets a read-only token: asking would only fail with 403.
  if (env.GITHUB_EVENT_NAME === 'pull_request' && typeof head === 'string' && typeof base === 'string' && head !== base) {
    return { reason: `pull request #${pr.number} comes from a fork (${head}); GitHub gives its workflow a read-only token, so no comment is posted (the job summary has the report)` };
  }
  return pr.number;
}

/** The API's base URL: https, or http to this machine only (the token travels with every request). */
function apiUrlFrom(env: NodeJS.ProcessEnv): string {
  const raw = env.GITHUB_API_URL || DEFAULT_API_URL;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ToolvetError('E_USAGE', `$GITHUB_API_URL is not a URL: "${raw}"`, { hint: `unset it for ${DEFAULT_API_URL}, or set your GitHub Enterprise API, e.g. https://github.example.com/api/v3` });
  }
  const local = url.protocol === 'http:' && LOOPBACK.has(url.hostname);
  if (url.protocol !== 'https:' && !local) {
    throw new ToolvetError('E_USAGE', `$GITHUB_API_URL must be https (the token is sent with every request): "${raw}"`, { url: raw, hint: 'use the https address of the API; plain http is allowed only to 127.0.0.1 or localhost' });
  }
  if (url.search || url.hash || url.username || url.password) {
    throw new ToolvetError('E_USAGE', '$GITHUB_API_URL must be a plain base address (no query, fragment or credentials)', { hint: `e.g. ${DEFAULT_API_URL}` });
  }
  return url.href.replace(/\/+$/, '');
}

/** Everything needed to post, or the reason there is nothing to post to. Registers the token as a secret. */
export function resolvePrContext(env: NodeJS.ProcessEnv, prFlag?: string): PrContext {
  const token = env.GITHUB_TOKEN;
  // First of all, so no message below can ever show it.
  registerSecret(token);
  const pr = prFlag !== undefined ? parsePrFlag(prFlag) : prFromEvent(env);
  if (typeof pr !== 'number') return { kind: 'none', reason: pr.reason };
  if (!token) return { kind: 'none', reason: `no token: $GITHUB_TOKEN is not set, so pull request #${pr} cannot be commented on (in a workflow, pass it: env: GITHUB_TOKEN: \${{ github.token }})` };
  const repository = env.GITHUB_REPOSITORY;
  if (!repository) return { kind: 'none', reason: `no repository: $GITHUB_REPOSITORY (owner/name) is not set, so pull request #${pr} cannot be found` };
  const match = REPOSITORY.exec(repository);
  if (!match) throw new ToolvetError('E_USAGE', `$GITHUB_REPOSITORY must be owner/name, not "${repository}"`, { hint: 'e.g. GITHUB_REPOSITORY=octo-org/octo-repo (GitHub Actions sets it)' });
  return { kind: 'ready', target: { apiUrl: apiUrlFrom(env), owner: match[1], repo: match[2], pr, token } };
}
