/**
 * What a failed request to a server means, as a coded error naming the server (and the tool): a
 * message over the stdio limit or a closed connection (the connection is dropped: the caller restarts
 * the server), a list the SDK's schema check refused (its issues said plainly), a real deadline, a
 * remote server's HTTP failure, or the server's own error.
 */
import { isRemote, type ServerEntry } from '../config/host-config.ts';
import { ToolvetError } from '../errors.ts';
import { printableUrl } from './printable-url.ts';
import { remoteStartError } from './remote-transport.ts';
import type { StderrTail } from './stderr-tail.ts';

/** The stdio transport's message when a message passes its size limit. */
export const OVERSIZED = /ReadBuffer exceeded maximum size of (\d+)/;

export interface CallSite {
  server: string;
  entry: ServerEntry;
  stderr: StderrTail;
  /** False once the server is gone. */
  alive: boolean;
}

export interface CallFailure {
  coded: ToolvetError;
  /** The connection is gone: the caller marks the server exited (a later call restarts it). */
  dropped: boolean;
}

const kept = (coded: ToolvetError): CallFailure => ({ coded, dropped: false });
const dropped = (coded: ToolvetError): CallFailure => ({ coded, dropped: true });

/** The coded error for `error` from request `what`. */
export function callError(site: CallSite, what: string, error: unknown, tool: string | undefined, timeoutMs: number): CallFailure {
  if (error instanceof ToolvetError) return kept(error);
  const message = (error as Error).message ?? String(error);
  const limit = OVERSIZED.exec(message);
  if (limit) {
    // E_SERVER_CRASH, not E_SERVER_PROTOCOL: the connection is dropped, so for every caller the server is gone (restart it).
    return dropped(new ToolvetError('E_SERVER_CRASH', `server "${site.server}" answered ${what} with a message over ${Number(limit[1]) / 1024 / 1024} MB, the MCP SDK's stdio limit; the connection was dropped`, {
      server: site.server,
      tool,
      hint: 'return large data in pages, or as a resource link, instead of one huge result',
    }));
  }
  if (what.endsWith('/list') && /Maximum call stack size exceeded/.test(message)) {
    // The SDK checks each page against the MCP schema recursively; an entry nested thousands deep exhausts the stack.
    return kept(new ToolvetError('E_SERVER_LIMIT', `server "${site.server}": ${what} returned an entry nested too deep to parse (the MCP SDK's schema check ran out of stack)`, { server: site.server, hint: 'flatten the schema; no model fills arguments nested this deep' }));
  }
  // A list, or any result the SDK's schema refused (a resources/read without cache hints): the issues, not the raw dump.
  const schemaProblem = what.endsWith('/list') || /^Invalid result for /.test(message) ? describeSchemaIssues(message) : undefined;
  if (schemaProblem) {
    return kept(new ToolvetError('E_SERVER_PROTOCOL', `server "${site.server}" answered ${what} with a malformed result: ${schemaProblem}`, {
      server: site.server,
      hint:
        what === 'tools/list'
          ? 'every tool needs a name and an inputSchema that is a JSON Schema object: {"type": "object", "properties": {...}, "required": [...]} (spec 2.4, 7.5)'
          : `fix the server's ${what} result to match the MCP schema`,
    }));
  }
  const code = (error as { code?: number | string }).code;
  // Only a real deadline is a timeout: a server's own error text may well contain the word (a URL with
  // ?timeout=32s, an upstream API that timed out), and that is the server failing, not hanging.
  if (code === -32001 || code === 'REQUEST_TIMEOUT') {
    return kept(new ToolvetError('E_CALL_TIMEOUT', `server "${site.server}" did not answer ${what} within ${timeoutMs} ms`, {
      server: site.server,
      tool,
      stderr: site.stderr.last(5),
      hint: 'the server hangs or is slow; raise --call-timeout or fix the handler',
    }));
  }
  const remote = isRemote(site.entry) ? remoteStartError(site.server, site.entry, error) : undefined;
  if (remote && remote.code !== 'E_SERVER_START') return kept(remote);
  if (!site.alive || code === 'CONNECTION_CLOSED' || code === 'NOT_CONNECTED' || /connection closed|not connected/i.test(message)) {
    return dropped(new ToolvetError('E_SERVER_CRASH', `server "${site.server}" exited during ${what}`, {
      server: site.server,
      tool,
      stderr: site.stderr.last(10),
      hint: isRemote(site.entry) ? `the server at ${printableUrl(site.entry.url)} closed the connection; check its logs` : `run it directly in a terminal (${[site.entry.command, ...site.entry.args].join(' ')}) to see the crash`,
    }));
  }
  return kept(new ToolvetError('E_CALL_FAILED', `server "${site.server}" failed ${what}: ${message}`, {
    server: site.server,
    tool,
    hint: 'see the server message above',
    cause: error,
  }));
}

/** A result that breaks the MCP schema comes with a JSON list of issues: say the first ones plainly. */
function describeSchemaIssues(message: string): string | undefined {
  const start = message.indexOf('[');
  if (start < 0) return undefined;
  let issues: unknown;
  try {
    issues = JSON.parse(message.slice(start));
  } catch {
    return undefined;
  }
  if (!Array.isArray(issues) || issues.length === 0) return undefined;
  return issues
    .slice(0, 3)
    .map((issue: { path?: unknown[]; message?: string }) => {
      const where = (issue.path ?? []).reduce<string>((acc, part) => (typeof part === 'number' ? `${acc}[${part}]` : acc ? `${acc}.${String(part)}` : String(part)), '');
      return `${where || '(result)'}: ${issue.message ?? 'invalid'}`;
    })
    .join('; ');
}
