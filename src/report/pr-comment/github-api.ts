/**
 * The three issue-comment endpoints of GitHub's REST API that `report --pr-comment` uses (a pull
 * request is an issue to them): list a pull request's comments (paged by the Link header), create
 * one, update one. Plain fetch; every failure is an E_GITHUB_API naming the status and what to do.
 */
import { ToolvetError } from '../../errors.ts';
import { VERSION } from '../../version.ts';
import type { PrTarget } from './context.ts';

export interface IssueComment {
  id: number;
  body: string;
  html_url: string;
}

/** 100 is the most GitHub returns per page; past this many pages the search stops. */
const PER_PAGE = 100;
export const MAX_PAGES = 100;
const TIMEOUT_MS = 30_000;

/** What to do about a status GitHub answered with. */
function hintFor(status: number, headers: Headers): string {
  if ((status === 403 || status === 429) && headers.get('x-ratelimit-remaining') === '0') {
    const reset = Number(headers.get('x-ratelimit-reset'));
    return `the token's API rate limit is used up${Number.isFinite(reset) && reset > 0 ? ` until ${new Date(reset * 1000).toISOString()}` : ''}; re-run the job after that`;
  }
  if (status === 401) return 'the token was refused: pass a valid one as GITHUB_TOKEN (in a workflow, env: GITHUB_TOKEN: ${{ github.token }})';
  if (status === 403) return 'the workflow needs `permissions: pull-requests: write` (and a pull request from a fork gets a read-only token)';
  if (status === 404) return 'check GITHUB_REPOSITORY (owner/name) and the pull request number; a token that cannot read a private repository also gets 404';
  if (status === 422) return 'GitHub refused the comment as sent; the message above says which field';
  if (status === 429 || status >= 500) return 'GitHub is unavailable or busy: re-run the job in a few minutes';
  return 'see the message above; if it persists, report it with the status';
}

function apiError(message: string, url: string, hint: string, cause?: unknown): ToolvetError {
  return new ToolvetError('E_GITHUB_API', message, { url, hint, ...(cause === undefined ? {} : { cause }) });
}

interface Answer {
  data: unknown;
  next?: string;
}

/** The `rel="next"` address of a Link header, if any. */
export function nextLink(link: string | null): string | undefined {
  for (const part of (link ?? '').split(',')) {
    const m = /<([^>]+)>\s*;\s*rel="?([^";]+)"?/.exec(part);
    if (m && m[2].split(/\s+/).includes('next')) return m[1];
  }
  return undefined;
}

async function call(target: PrTarget, method: 'GET' | 'POST' | 'PATCH', url: string, body?: { body: string }): Promise<Answer> {
  const what = `${method} ${url}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: {
        accept: 'application/vnd.github+json',
        authorization: `Bearer ${target.token}`,
        'x-github-api-version': '2022-11-28',
        'user-agent': `toolvet/${VERSION}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const reason = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
    throw apiError(`could not reach the GitHub API (${what}): ${reason}`, url, 'check $GITHUB_API_URL and the runner\'s network, then re-run the job', error);
  }
  const text = await response.text();
  if (!response.ok) {
    let said = '';
    try {
      const message = (JSON.parse(text) as { message?: unknown }).message;
      if (typeof message === 'string') said = `: ${message.slice(0, 300)}`;
    } catch {
      // Not JSON: the status says enough.
    }
    throw apiError(`GitHub answered ${response.status} ${response.statusText} to ${what}${said}`, url, hintFor(response.status, response.headers));
  }
  try {
    return { data: JSON.parse(text) as unknown, next: nextLink(response.headers.get('link')) };
  } catch {
    throw apiError(`GitHub answered ${what} with a body that is not JSON`, url, 'check that $GITHUB_API_URL is the REST API (e.g. https://api.github.com), not the web site');
  }
}

function asComment(value: unknown, url: string): IssueComment {
  const c = value as Partial<IssueComment> | null;
  if (!c || typeof c.id !== 'number') throw apiError('GitHub answered with a comment that has no numeric id', url, 'check that $GITHUB_API_URL is the REST API');
  return { id: c.id, body: typeof c.body === 'string' ? c.body : '', html_url: typeof c.html_url === 'string' ? c.html_url : '' };
}

const issueUrl = (t: PrTarget): string => `${t.apiUrl}/repos/${encodeURIComponent(t.owner)}/${encodeURIComponent(t.repo)}/issues`;

/**
 * The first comment `isOurs` accepts, following the Link header page by page. A next page on another
 * origin than the API is not followed (the token would travel there).
 */
export async function findComment(target: PrTarget, isOurs: (body: string) => boolean): Promise<{ comment?: IssueComment; pages: number }> {
  let url: string | undefined = `${issueUrl(target)}/${target.pr}/comments?per_page=${PER_PAGE}`;
  const origin = new URL(target.apiUrl).origin;
  let pages = 0;
  while (url && pages < MAX_PAGES) {
    const answer = await call(target, 'GET', url);
    pages++;
    if (!Array.isArray(answer.data)) throw apiError(`GitHub answered GET ${url} with something other than a list of comments`, url, 'check that $GITHUB_API_URL is the REST API');
    for (const item of answer.data) {
      const comment = asComment(item, url);
      if (isOurs(comment.body)) return { comment, pages };
    }
    if (answer.next && new URL(answer.next, url).origin !== origin) {
      throw apiError(`GitHub's next-page link leaves ${origin} (${answer.next}); not following it with the token`, url, 'check $GITHUB_API_URL: it should be the API that serves the repository');
    }
    url = answer.next ? new URL(answer.next, url).href : undefined;
  }
  return { pages };
}

export async function createComment(target: PrTarget, body: string): Promise<IssueComment> {
  const url = `${issueUrl(target)}/${target.pr}/comments`;
  return asComment((await call(target, 'POST', url, { body })).data, url);
}

export async function updateComment(target: PrTarget, id: number, body: string): Promise<IssueComment> {
  const url = `${issueUrl(target)}/comments/${id}`;
  return asComment((await call(target, 'PATCH', url, { body })).data, url);
}
