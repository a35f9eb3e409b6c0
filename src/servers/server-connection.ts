/**
 * One live stdio server, reached through the official SDK (`Client`, `StdioClientTransport`): start
 * with a timeout, list tools (following pagination), call a tool with a timeout, close. The server's
 * stderr is kept, so a server that fails at start gives an error with its last stderr lines (spec 7.4).
 * Servers are spawned without a shell, with only the SDK's safe default environment plus their own `env`.
 */
import type { Readable } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type {
  CallToolResult,
  GetPromptResult,
  Prompt,
  ReadResourceResult,
  Resource,
  ResourceTemplate,
  ServerCapabilities,
} from '@modelcontextprotocol/sdk/types.js';
import { ToolproofError } from '../errors.ts';
import type { ServerEntry } from '../config/host-config.ts';
import type { ToolDefinition } from '../types.ts';
import { VERSION } from '../version.ts';
import { StderrTail } from './stderr-tail.ts';

const EXITED = new Error('exited');
const OVERSIZED = /ReadBuffer exceeded maximum size of (\d+)/;

export interface ServerTimeouts {
  /** Spawn to initialized. */
  startMs: number;
  /** One tools/list page or tools/call. */
  callMs: number;
}

export const DEFAULT_SERVER_TIMEOUTS: ServerTimeouts = { startMs: 15_000, callMs: 30_000 };

export type { CallToolResult, GetPromptResult, Prompt, ReadResourceResult, Resource, ResourceTemplate, ServerCapabilities };

export interface ServerIdentity {
  name?: string;
  version?: string;
  protocolVersion?: string;
}

export class ServerConnection {
  readonly stderr = new StderrTail();
  readonly identity: ServerIdentity = {};
  /** What the server said it offers (`tools`, `resources`, `prompts`, `logging`, ...), from initialization. */
  capabilities: ServerCapabilities = {};
  /** The server's `instructions` for the model, when it gave any. */
  instructions?: string;
  /** Messages on stdout that were not JSON-RPC (a server must not print to stdout). */
  readonly protocolNoise: string[] = [];
  private closed = false;
  private exited = false;
  /** Calls waiting for an answer, failed at once when the SDK drops an oversized message (it never answers them). */
  private readonly onOversize = new Set<(error: Error) => void>();

  private constructor(
    readonly name: string,
    readonly entry: ServerEntry,
    private readonly client: Client,
    private readonly transport: StdioClientTransport,
    readonly timeouts: ServerTimeouts,
  ) {}

  static async start(name: string, entry: ServerEntry, timeouts: Partial<ServerTimeouts> = {}): Promise<ServerConnection> {
    const limits = { ...DEFAULT_SERVER_TIMEOUTS, ...timeouts };
    const transport = new StdioClientTransport({ command: entry.command, args: entry.args, env: entry.env, cwd: entry.cwd, stderr: 'pipe' });
    const client = new Client({ name: 'toolproof', version: VERSION }, { capabilities: {} });
    const connection = new ServerConnection(name, entry, client, transport, limits);
    connection.stderr.attach(transport.stderr as Readable | null);
    // StdioClientTransport has no protocol-version hook of its own; the Client calls this one after initialize.
    (transport as { setProtocolVersion?: (v: string) => void }).setProtocolVersion = (v) => {
      connection.identity.protocolVersion = v;
    };
    client.onerror = (error) => {
      if (connection.protocolNoise.length < 20) connection.protocolNoise.push(error.message);
      if (OVERSIZED.test(error.message)) for (const reject of connection.onOversize) reject(error);
    };
    let starting = true;
    // Set before connect: the SDK's Protocol wraps this handler and keeps calling it after start.
    const exitedEarly = new Promise<never>((_, reject) => {
      transport.onclose = () => {
        connection.exited = true;
        if (starting && !connection.closed) reject(EXITED);
      };
    });
    exitedEarly.catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(connection.startError(`did not finish initializing within ${limits.startMs} ms`, 'E_SERVER_TIMEOUT')), limits.startMs);
    });
    try {
      await Promise.race([client.connect(transport, { timeout: limits.startMs }), exitedEarly, timedOut]);
    } catch (error) {
      await connection.close();
      if (error instanceof ToolproofError) throw error;
      // Give stderr a moment to arrive: a crashing server usually explains itself there.
      await new Promise((r) => setTimeout(r, 50));
      if (error === EXITED) throw connection.startError('exited before it finished starting');
      throw connection.startError(`failed to start: ${(error as Error).message}`);
    } finally {
      starting = false;
      clearTimeout(timer);
    }
    const info = client.getServerVersion();
    connection.identity.name = info?.name;
    connection.identity.version = info?.version;
    connection.capabilities = client.getServerCapabilities() ?? {};
    connection.instructions = client.getInstructions();
    return connection;
  }

  /** True once the process has gone, whether we closed it or it crashed. */
  get alive(): boolean {
    return !this.exited && !this.closed;
  }

  get pid(): number | null {
    return this.transport.pid;
  }

  async listTools(): Promise<ToolDefinition[]> {
    const tools = await this.paginate('tools/list', (params, options) => this.client.listTools(params, options), (page) => page.tools);
    return tools.map((tool) => ({ ...(tool as unknown as ToolDefinition), server: this.name }));
  }

  /** Every listed resource (`resources/list`, following pagination); empty when the server has no `resources` capability. */
  async listResources(): Promise<Resource[]> {
    if (!this.capabilities.resources) return [];
    return this.paginate('resources/list', (params, options) => this.client.listResources(params, options), (page) => page.resources);
  }

  /** Every listed resource template (`resources/templates/list`); empty without the `resources` capability. */
  async listResourceTemplates(): Promise<ResourceTemplate[]> {
    if (!this.capabilities.resources) return [];
    return this.paginate('resources/templates/list', (params, options) => this.client.listResourceTemplates(params, options), (page) => page.resourceTemplates);
  }

  /** Every listed prompt (`prompts/list`); empty without the `prompts` capability. */
  async listPrompts(): Promise<Prompt[]> {
    if (!this.capabilities.prompts) return [];
    return this.paginate('prompts/list', (params, options) => this.client.listPrompts(params, options), (page) => page.prompts);
  }

  async readResource(uri: string, timeoutMs = this.timeouts.callMs): Promise<ReadResourceResult> {
    return this.guard(`resources/read ${uri}`, () => this.client.readResource({ uri }, { timeout: timeoutMs }), undefined, timeoutMs);
  }

  async getPrompt(name: string, args: Record<string, string> = {}, timeoutMs = this.timeouts.callMs): Promise<GetPromptResult> {
    return this.guard(`prompts/get ${name}`, () => this.client.getPrompt({ name, arguments: args }, { timeout: timeoutMs }), undefined, timeoutMs);
  }

  /** Follows `nextCursor` until the last page; a cursor the server already gave is a loop, not more pages. */
  private async paginate<Page extends { nextCursor?: string }, Item>(
    method: string,
    fetchPage: (params: { cursor: string } | undefined, options: { timeout: number }) => Promise<Page>,
    items: (page: Page) => Item[],
  ): Promise<Item[]> {
    const all: Item[] = [];
    let cursor: string | undefined;
    const seen = new Set<string>();
    do {
      const page = await this.guard(method, () => fetchPage(cursor !== undefined ? { cursor } : undefined, { timeout: this.timeouts.callMs }));
      all.push(...items(page));
      cursor = page.nextCursor;
      if (cursor !== undefined && seen.has(cursor)) {
        throw new ToolproofError('E_SERVER_PROTOCOL', `server "${this.name}" repeated the ${method} cursor ${JSON.stringify(cursor)}`, {
          server: this.name,
          hint: 'the server paginates in a loop; fix its nextCursor',
        });
      }
      if (cursor !== undefined) seen.add(cursor);
    } while (cursor !== undefined);
    return all;
  }

  async callTool(tool: string, args: Record<string, unknown>, timeoutMs = this.timeouts.callMs): Promise<CallToolResult> {
    return (await this.guard(`tools/call ${tool}`, () => this.client.callTool({ name: tool, arguments: args }, undefined, { timeout: timeoutMs }), tool, timeoutMs)) as CallToolResult;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    try {
      await this.client.close();
    } catch {
      // Closing a server that already died is not an error worth reporting.
    }
  }

  /** Turns SDK failures into coded errors that name the server and carry its stderr. */
  private async guard<T>(what: string, call: () => Promise<T>, tool?: string, timeoutMs = this.timeouts.callMs): Promise<T> {
    let rejectOversize: ((error: Error) => void) | undefined;
    const oversized = new Promise<never>((_, reject) => {
      rejectOversize = reject;
      this.onOversize.add(reject);
    });
    try {
      return await Promise.race([call(), oversized]);
    } catch (error) {
      const message = (error as Error).message ?? String(error);
      const limit = OVERSIZED.exec(message);
      if (limit) {
        this.exited = true;
        // E_SERVER_CRASH, not E_SERVER_PROTOCOL: the SDK drops the connection, so for every caller the server is gone (restart it).
        throw new ToolproofError('E_SERVER_CRASH', `server "${this.name}" answered ${what} with a message over ${Number(limit[1]) / 1024 / 1024} MB, the MCP SDK's stdio limit; the connection was dropped`, {
          server: this.name,
          tool,
          hint: 'return large data in pages, or as a resource link, instead of one huge result',
        });
      }
      const schemaProblem = what.endsWith('/list') ? describeSchemaIssues(message) : undefined;
      if (schemaProblem) {
        throw new ToolproofError('E_SERVER_PROTOCOL', `server "${this.name}" answered ${what} with a malformed result: ${schemaProblem}`, {
          server: this.name,
          hint:
            what === 'tools/list'
              ? 'every tool needs a name and an inputSchema that is a JSON Schema object: {"type": "object", "properties": {...}, "required": [...]} (spec 2.4, 7.5)'
              : `fix the server's ${what} result to match the MCP schema`,
        });
      }
      const code = (error as { code?: number }).code;
      if (code === -32001 || /timed out|timeout/i.test(message)) {
        throw new ToolproofError('E_CALL_TIMEOUT', `server "${this.name}" did not answer ${what} within ${timeoutMs} ms`, {
          server: this.name,
          tool,
          stderr: this.stderr.last(5),
          hint: 'the server hangs or is slow; raise --call-timeout or fix the handler',
        });
      }
      if (!this.alive || /connection closed/i.test(message)) {
        this.exited = true;
        throw new ToolproofError('E_SERVER_CRASH', `server "${this.name}" exited during ${what}`, {
          server: this.name,
          tool,
          stderr: this.stderr.last(10),
          hint: `run it directly in a terminal (${[this.entry.command, ...this.entry.args].join(' ')}) to see the crash`,
        });
      }
      throw new ToolproofError('E_CALL_FAILED', `server "${this.name}" failed ${what}: ${message}`, {
        server: this.name,
        tool,
        hint: 'see the server message above',
        cause: error,
      });
    } finally {
      this.onOversize.delete(rejectOversize!);
    }
  }

  private startError(what: string, code: 'E_SERVER_START' | 'E_SERVER_TIMEOUT' = 'E_SERVER_START'): ToolproofError {
    const command = [this.entry.command, ...this.entry.args].join(' ');
    return new ToolproofError(code, `server "${this.name}" ${what}`, {
      server: this.name,
      stderr: this.stderr.last(10),
      hint: `run it directly in a terminal to see the error on stderr: ${command}`,
    });
  }
}

/** The SDK rejects a tools/list result that breaks its schema with a JSON list of issues: say the first ones plainly. */
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
