/**
 * For tests: a small stand-in for the issue-comment endpoints of GitHub's REST API, on real HTTP at
 * 127.0.0.1. It keeps comments per issue, pages lists as GitHub does (per_page, page, a Link header
 * with rel="next"), and records every request (method, path, headers, body) for the test to read.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path and query, as sent. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface FakeComment {
  id: number;
  body: string;
  user: string;
}

export interface FakeGitHubOptions {
  /** At most this many comments per page, whatever per_page asks (GitHub's own cap is 100). */
  pageSize?: number;
  /** Answer every request of this method with this status and GitHub-shaped error body. */
  fail?: { method: string; status: number; message: string };
}

export interface FakeGitHub {
  url: string;
  requests: RecordedRequest[];
  /** Comments per issue number, in creation order. */
  comments: Map<number, FakeComment[]>;
  seed: (issue: number, body: string, user?: string) => FakeComment;
  close: () => Promise<void>;
}

const LIST = /^\/repos\/([^/]+)\/([^/]+)\/issues\/(\d+)\/comments$/;
const ONE = /^\/repos\/([^/]+)\/([^/]+)\/issues\/comments\/(\d+)$/;

export async function startFakeGitHub(options: FakeGitHubOptions = {}): Promise<FakeGitHub> {
  const requests: RecordedRequest[] = [];
  const comments = new Map<number, FakeComment[]>();
  let nextId = 1000;
  let base = '';
  const seed = (issue: number, body: string, user = 'someone'): FakeComment => {
    const comment = { id: nextId++, body, user };
    comments.set(issue, [...(comments.get(issue) ?? []), comment]);
    return comment;
  };
  const shape = (c: FakeComment): object => ({ id: c.id, body: c.body, user: { login: c.user }, html_url: `https://github.test/pull/${c.id}` });

  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const send = (status: number, data: unknown, headers: Record<string, string> = {}): void => {
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
        res.end(JSON.stringify(data));
      };
      if (options.fail && req.method === options.fail.method) {
        send(options.fail.status, { message: options.fail.message, documentation_url: 'https://docs.github.com/rest' });
        return;
      }
      const url = new URL(req.url ?? '/', base);
      const list = LIST.exec(url.pathname);
      const one = ONE.exec(url.pathname);
      if (list && req.method === 'GET') {
        const all = comments.get(Number(list[3])) ?? [];
        const size = Math.min(Number(url.searchParams.get('per_page') ?? 30), options.pageSize ?? 100);
        const page = Number(url.searchParams.get('page') ?? 1);
        const last = Math.max(1, Math.ceil(all.length / size));
        const link = (p: number, rel: string): string => `<${base}${url.pathname}?per_page=${size}&page=${p}>; rel="${rel}"`;
        const links = page < last ? [link(page + 1, 'next'), link(last, 'last')] : [];
        send(200, all.slice((page - 1) * size, page * size).map(shape), links.length ? { link: links.join(', ') } : {});
      } else if (list && req.method === 'POST') {
        send(201, shape(seed(Number(list[3]), (JSON.parse(body) as { body: string }).body, 'github-actions[bot]')));
      } else if (one && req.method === 'PATCH') {
        const found = [...comments.values()].flat().find((c) => c.id === Number(one[3]));
        if (!found) return send(404, { message: 'Not Found' });
        found.body = (JSON.parse(body) as { body: string }).body;
        send(200, shape(found));
      } else {
        send(404, { message: 'Not Found' });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    requests,
    comments,
    seed,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
