/**
 * `toolvet view`: the reports and history of one folder over HTTP on 127.0.0.1 (node:http only).
 * Routes: `/`, `/run/NAME`, `/run/NAME/suite/SUITE`, `/run/NAME/case/SUITE/ID`, `/compare?a=&b=`,
 * `/file/NAME`. A NAME is a file directly in the folder (see files.ts); anything else is 403/404.
 */
import { readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { ToolvetError } from '../../errors.ts';
import { listen } from '../../http/listen.ts';
import { casePage, comparePage, indexPage, runPage, suitePage } from './pages.ts';
import { viewFolder, type ViewFolder } from './files.ts';

export interface ViewServer {
  url: string;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: string, type = 'text/html; charset=utf-8'): void {
  res.writeHead(status, { 'content-type': type, 'x-content-type-options': 'nosniff', 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-src 'self'; form-action 'self'" });
  res.end(body);
}

const refused = (res: ServerResponse, what: string): void => send(res, 403, `refused: ${what} is not a file of the viewed folder\n`, 'text/plain; charset=utf-8');
const missing = (res: ServerResponse): void => send(res, 404, 'not found\n', 'text/plain; charset=utf-8');

function route(folder: ViewFolder, req: IncomingMessage, res: ServerResponse): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'only GET\n', 'text/plain; charset=utf-8');
  const raw = req.url ?? '/';
  const query = raw.includes('?') ? new URLSearchParams(raw.slice(raw.indexOf('?') + 1)) : new URLSearchParams();
  // Segments are split before decoding, so an encoded `/` or `..` stays inside one name and is refused there.
  const parts = raw.split('?')[0].split('/').slice(1);
  let segments: string[];
  try {
    segments = parts.map((p) => decodeURIComponent(p));
  } catch {
    return send(res, 400, 'bad URL encoding\n', 'text/plain; charset=utf-8');
  }
  if (segments.some((s) => s === '..' || s === '.')) return refused(res, raw);

  const [head, name, kind, suite, id] = segments;
  if (segments.length === 1 && head === '') return send(res, 200, indexPage(folder));
  if (head === 'compare') {
    const [a, b] = [query.get('a') ?? '', query.get('b') ?? ''];
    const [left, right] = [folder.load(a), folder.load(b)];
    return left && right ? send(res, 200, comparePage(a, b, left, right)) : refused(res, `${a} or ${b}`);
  }
  if (head === 'file' && segments.length === 2) {
    const path = folder.contained(name);
    return path ? send(res, 200, readFileSync(path, 'utf8'), 'application/json; charset=utf-8') : refused(res, name);
  }
  if (head !== 'run' || name === undefined) return missing(res);
  const result = folder.load(name);
  if (!result) return refused(res, name);
  if (segments.length === 2) return send(res, 200, runPage(name, result));
  if (kind === 'suite' && segments.length === 4) return send(res, 200, suitePage(name, result, suite));
  if (kind === 'case' && segments.length === 5) {
    const body = casePage(name, result, suite, id);
    return body ? send(res, 200, body) : missing(res);
  }
  return missing(res);
}

/** Serves `dir` on 127.0.0.1:`port` (0: a free port); a folder that is not there is E_USAGE, naming it. */
export async function startViewServer(dir: string, port = 0): Promise<ViewServer> {
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) {
    throw new ToolvetError('E_USAGE', `cannot serve ${dir}: it is not a folder`, { file: dir, hint: 'name the folder that holds the result files (toolvet eval --json, --history)' });
  }
  const folder = viewFolder(dir);
  const server: Server = createServer((req, res) => {
    try {
      route(folder, req, res);
    } catch (error) {
      send(res, 500, `error: ${(error as Error).message}\n`, 'text/plain; charset=utf-8');
    }
  });
  const listening = await listen(server, port);
  return { url: `${listening.origin}/`, close: listening.close };
}
