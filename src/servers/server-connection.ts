/**
 * One live server, reached through the v2 MCP client (`@modelcontextprotocol/client`), over stdio,
 * Streamable HTTP or legacy SSE. The client negotiates the protocol era: 2026-07-28 (`server/discover`)
 * with a server that offers it, the 2025 `initialize` handshake (2025-11-25 or older) with one that
 * does not. Lists follow pagination under caps (pages, items, description size, schema depth), so a
 * server that never stops paginating or lists absurd definitions fails alone with a coded error.
 *
 * Calls return the server's raw result: a tool's `structuredContent` is not validated here against
 * its `outputSchema` (the SDK would throw); checking it is a finding for probe and the scenarios.
 */
import type {
  Client,
  Transport,
  CallToolResult,
  GetPromptResult,
  Prompt,
  ReadResourceResult,
  Resource,
  ResourceTemplateType as ResourceTemplate,
  ServerCapabilities,
  Tool,
} from '@modelcontextprotocol/client';
import { ToolvetError } from '../errors.ts';
import { isRemote, type ServerEntry } from '../config/host-config.ts';
import type { ToolDefinition } from '../types.ts';
import { VERSION } from '../version.ts';
import type { Breach, TransportLimits } from './capped-fetch.ts';
import { checkListed, DEFAULT_LIST_LIMITS, type ListLimits } from './list-limits.ts';
import { loadMcpSdk, mcpSdk } from './mcp-sdk.ts';
import { ProcessTransport } from './process-transport.ts';
import { printableUrl, remoteStartError } from './remote-transport.ts';
import { serverTransport } from './server-transport.ts';
import { StderrTail } from './stderr-tail.ts';
import { DEFAULT_SERVER_TIMEOUTS, stdioProbeMs, type ServerTimeouts } from './timeouts.ts';
import { sanitizeLine } from '../safety/terminal.ts';
import { ANY, callAsModernTask, callAsTask, mustCallAsTask, offersModernTasks, TASKS_EXTENSION, type TaskClient } from './task-call.ts';
import { WireRequests } from './wire-request.ts';
import { answerInput, seenRequest, type InputAnswer, type InputExchange } from './input-requests.ts';
import { callError, OVERSIZED } from './call-error.ts';
import { unwrapToolResult } from './legacy-tool-result.ts';
import { RawToolSchemas } from './raw-tool-schemas.ts';
import { DEFAULT_SERVED_SKILL_LIMITS, readServedSkills, type ServedSkill } from './served-skills.ts';

export type { CallToolResult, GetPromptResult, Prompt, ReadResourceResult, Resource, ResourceTemplate, ServerCapabilities };

const EXITED = new Error('exited');

/** A connection's transport, made before its client (ServerConnection.wire). */
interface Wired {
  transport: Transport;
  noise: string[];
  stderr: StderrTail;
  bind: (connection: ServerConnection) => void;
}

export { DEFAULT_SERVER_TIMEOUTS, type ServerTimeouts } from './timeouts.ts';
export type { ServedSkill } from './served-skills.ts';

export interface ServerIdentity {
  name?: string;
  version?: string;
  /** The negotiated protocol revision: `2026-07-28`, `2025-11-25`, `2025-06-18`, ... */
  protocolVersion?: string;
  /** `modern` (2026-07-28 and later, no initialize) or `legacy` (the 2025 handshake). */
  era?: 'modern' | 'legacy';
  /** How Toolvet reached it. */
  transport?: 'stdio' | 'http' | 'sse';
}

export interface StartOptions {
  limits?: Partial<ListLimits>;
  /** Caps on each HTTP response (capped-fetch.ts); stdio has the SDK's 10 MB per message. */
  transportLimits?: Partial<TransportLimits>;
  /**
   * Declare the elicitation capability and answer input requests (scenarios, which can say what the
   * user answers). Off elsewhere: a server may list other tools to a client that can answer.
   */
  answerInput?: boolean;
}

export class ServerConnection {
  readonly identity: ServerIdentity = {};
  /** What the server said it offers (`tools`, `resources`, `prompts`, `logging`, ...). */
  capabilities: ServerCapabilities = {};
  /** The server's `instructions` for the model, when it gave any. */
  instructions?: string;
  /** Things the user should know about this connection (a deprecated transport). */
  readonly warnings: Array<{ code: string; message: string; hint?: string }> = [];
  private closed = false;
  private exited = false;
  /** Calls waiting for an answer, failed at once when the stdio limit drops an oversized message. */
  private readonly onOversize = new Set<(error: Error) => void>();
  /** Listed tools by name, so a call carries its definition (header mirroring without output validation). */
  private readonly listed = new Map<string, Tool>();
  readonly limits: ListLimits;

  private constructor(
    readonly name: string,
    readonly entry: ServerEntry,
    private client: Client,
    private transport: Transport,
    readonly timeouts: ServerTimeouts,
    limits: Partial<ListLimits>,
    /** The last lines the server wrote to stderr (stdio servers). */
    readonly stderr: StderrTail,
    private readonly noise: string[],
    private readonly mode: 'auto' | 'legacy',
  ) {
    this.limits = { ...DEFAULT_LIST_LIMITS, ...limits };
  }

  static async start(name: string, entry: ServerEntry, timeouts: Partial<ServerTimeouts> = {}, options: StartOptions = {}): Promise<ServerConnection> {
    const limits = { ...DEFAULT_SERVER_TIMEOUTS, ...timeouts };
    const kind = entry.transport ?? 'stdio';
    // A stdio server's process starts before the client SDK has loaded: the server boots meanwhile.
    const early = isRemote(entry) ? undefined : ServerConnection.wire(name, entry, options, new StderrTail());
    if (early?.transport instanceof ProcessTransport) early.transport.spawnEarly();
    const { SdkError } = (await loadMcpSdk()).client;
    // SSE is a 2024-11-05 transport: no modern server speaks it, so there is nothing to probe for.
    const first = kind === 'sse' ? 'legacy' : 'auto';
    let connection = ServerConnection.create(name, entry, limits, options, first, early);
    try {
      await connection.connect();
    } catch (error) {
      // A stdio server that exits on the `server/discover` probe (SDKs that end on any request before
      // `initialize`) is a legacy server: start it again and say hello the 2025 way.
      if (kind === 'stdio' && first === 'auto' && error instanceof SdkError && /closed during the server\/discover probe/.test(error.message)) {
        const stderr = connection.stderr;
        connection = ServerConnection.create(name, entry, limits, options, 'legacy', ServerConnection.wire(name, entry, options, stderr));
        await connection.connect();
      } else throw error;
    }
    if (kind === 'sse') {
      connection.warnings.push({
        code: 'W_SSE_DEPRECATED',
        message: `server "${name}" is reached over the legacy HTTP+SSE transport, deprecated since protocol 2025-03-26`,
        hint: 'serve Streamable HTTP ("type": "http") instead; SSE support is leaving MCP clients',
      });
    }
    return connection;
  }

  /** The transport and what it reports into (stderr tail, stdout noise, breaches), before the client exists. */
  private static wire(name: string, entry: ServerEntry, options: StartOptions, stderr: StderrTail): Wired {
    const noise: string[] = [];
    // A breach of the caps fails this connection's waiting calls (the connection exists by then).
    let self: ServerConnection | undefined;
    const transport = serverTransport(name, entry, {
      limits: options.transportLimits,
      onBreach: (breach) => self?.breach(breach),
      stderr,
      onNoise: (line) => void (noise.length < 20 && noise.push(line)),
    });
    return { transport, noise, stderr, bind: (connection) => (self = connection) };
  }

  private static create(name: string, entry: ServerEntry, timeouts: ServerTimeouts, options: StartOptions, mode: 'auto' | 'legacy', wired = ServerConnection.wire(name, entry, options, new StderrTail())): ServerConnection {
    const { transport, noise, stderr } = wired;
    // On stdio a silent probe means a legacy server (one that drops unknown requests): the probe waits
    // half the start timeout (at most 10 s; the server boots meanwhile), and that wait is added to the
    // start deadline, so the 2025 handshake still gets the whole start timeout. On HTTP silence is an
    // outage, and the probe is bounded by the start timeout alone.
    const probe = isRemote(entry) ? {} : { timeoutMs: stdioProbeMs(timeouts) };
    const capabilities = options.answerInput ? { elicitation: { form: {} } } : {};
    const client = new (mcpSdk().client.Client)({ name: 'toolvet', version: VERSION }, { capabilities, versionNegotiation: { mode, probe } });
    const connection = new ServerConnection(name, entry, client, transport, timeouts, options.limits ?? {}, stderr, noise, mode);
    connection.clientCapabilities = capabilities;
    // Both eras reach this one handler: 2025 as a request from the server, 2026-07-28 embedded in an input_required result.
    if (options.answerInput) client.setRequestHandler('elicitation/create', (request) => connection.answerInputRequest(request.params) as never);
    connection.identity.transport = entry.transport ?? 'stdio';
    wired.bind(connection);
    return connection;
  }

  /** Connects (negotiating the era) within `startMs`, turning every failure into a coded error. */
  private async connect(): Promise<void> {
    const { client, transport } = this;
    client.onerror = (error) => {
      if (OVERSIZED.test(error.message)) for (const reject of this.onOversize) reject(error);
    };
    let starting = true;
    const exitedEarly = new Promise<never>((_, reject) => {
      transport.onclose = () => {
        this.exited = true;
        // A remote transport closes when its first request fails; the request's own error says why.
        if (starting && !this.closed && !isRemote(this.entry)) reject(EXITED);
      };
    });
    exitedEarly.catch(() => undefined);
    let rejectBreach: ((error: Error) => void) | undefined;
    const breached = new Promise<never>((_, reject) => {
      rejectBreach = reject;
      this.onOversize.add(reject);
    });
    breached.catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      const probeMs = isRemote(this.entry) || this.mode === 'legacy' ? 0 : stdioProbeMs(this.timeouts);
      const said = `did not finish initializing within ${this.timeouts.startMs} ms${probeMs ? ` (after ${probeMs} ms allowed for the server/discover probe)` : ''}`;
      timer = setTimeout(() => reject(this.startError(said, 'E_SERVER_TIMEOUT')), this.timeouts.startMs + probeMs);
    });
    const connecting = client.connect(transport, { timeout: this.timeouts.startMs });
    connecting.catch(() => undefined);
    try {
      await Promise.race([connecting, exitedEarly, timedOut, breached]);
      this.rawSchemas.watch(this.transport);
    } catch (error) {
      await this.close();
      if (error instanceof ToolvetError) throw error;
      if (error instanceof mcpSdk().client.SdkError && /closed during the server\/discover probe/.test(error.message)) throw error;
      const remote = isRemote(this.entry) ? remoteStartError(this.name, this.entry, error) : undefined;
      if (remote) throw remote;
      // Give stderr a moment to arrive: a crashing server usually explains itself there.
      await new Promise((r) => setTimeout(r, 50));
      if (error === EXITED) throw this.startError('exited before it finished starting');
      throw this.startError(`failed to start: ${(error as Error).message}`);
    } finally {
      starting = false;
      clearTimeout(timer);
      this.onOversize.delete(rejectBreach!);
    }
    const info = client.getServerVersion();
    // One-line fields from the server: a newline inside could print a line of its own in our reports.
    this.identity.name = info?.name === undefined ? undefined : sanitizeLine(String(info.name));
    this.identity.version = info?.version === undefined ? undefined : sanitizeLine(String(info.version));
    this.identity.protocolVersion = client.getNegotiatedProtocolVersion();
    this.identity.era = client.getProtocolEra();
    this.capabilities = client.getServerCapabilities() ?? {};
    this.instructions = client.getInstructions();
  }

  /** Lines on stdout that were not JSON-RPC (a server must not print to stdout); the first 20. */
  get protocolNoise(): string[] {
    return this.noise.slice(0, 20);
  }

  /** True once the server is gone, whether we closed it or it crashed. */
  get alive(): boolean {
    return !this.exited && !this.closed;
  }

  get pid(): number | null {
    return this.transport instanceof ProcessTransport ? this.transport.pid : null;
  }

  async listTools(): Promise<ToolDefinition[]> {
    const tools = (await this.paginate<Tool>('tools/list', 'tools')).map((tool) => this.rawSchemas.apply(tool));
    this.listed.clear();
    for (const tool of tools) this.listed.set(tool.name, tool);
    return tools.map((tool) => ({ ...(tool as unknown as ToolDefinition), server: this.name }));
  }

  /** Each listed tool's schemas as the server sent them (raw-tool-schemas.ts). */
  private readonly rawSchemas = new RawToolSchemas();

  /** Every listed resource (`resources/list`); empty when the server has no `resources` capability. */
  async listResources(): Promise<Resource[]> {
    if (!this.capabilities.resources) return [];
    return this.paginate<Resource>('resources/list', 'resources');
  }

  /** Every listed resource template (`resources/templates/list`); empty without the `resources` capability. */
  async listResourceTemplates(): Promise<ResourceTemplate[]> {
    if (!this.capabilities.resources) return [];
    return this.paginate<ResourceTemplate>('resources/templates/list', 'resourceTemplates');
  }

  /** Every listed prompt (`prompts/list`); empty without the `prompts` capability. */
  async listPrompts(): Promise<Prompt[]> {
    if (!this.capabilities.prompts) return [];
    return this.paginate<Prompt>('prompts/list', 'prompts');
  }

  /** The answers of the call in flight (calls on one connection run one at a time in scenarios), and what was asked. */
  private inputAnswers: readonly InputAnswer[] = [];
  private inputLog: InputExchange[] = [];
  /** The params of each request answered, as the SDK handed them over (probe checks their shape). */
  private inputParams: unknown[] = [];

  private answerInputRequest(params: unknown): { action: 'accept' | 'decline' | 'cancel'; content?: Record<string, unknown> } {
    this.inputParams.push(params);
    const seen = seenRequest(params);
    const exchange = answerInput({ ...seen, message: sanitizeLine(seen.message) }, this.inputAnswers);
    this.inputLog.push(exchange);
    return exchange.action === 'accept' ? { action: 'accept', content: exchange.content ?? {} } : { action: exchange.action };
  }

  /** A call that may pause for the user's answer: answered from `answers`; every request and answer is returned. */
  async callToolAnswering(tool: string, args: Record<string, unknown>, answers: readonly InputAnswer[], timeoutMs = this.timeouts.callMs): Promise<{ result: CallToolResult; inputs: InputExchange[] }> {
    this.inputAnswers = answers;
    this.inputLog = [];
    this.inputParams = [];
    try {
      const result = await this.callTool(tool, args, timeoutMs);
      return { result, inputs: this.inputLog };
    } finally {
      this.inputAnswers = [];
    }
  }

  /** The requests the last answering call saw, also when it threw. */
  takeInputLog(): InputExchange[] {
    const log = this.inputLog;
    this.inputLog = [];
    return log;
  }

  /** The params of the input requests answered since the last take. */
  takeInputParams(): unknown[] {
    const params = this.inputParams;
    this.inputParams = [];
    return params;
  }

  /**
   * One request, its result as the server sent it (no SDK result schema; `resultType` is read by the SDK
   * and not kept). With `allowInputRequired`, an `input_required` result comes back as it is instead of
   * being answered. For probe's wire checks (cache hints, input requests, tasks).
   */
  async requestRaw(method: string, params: Record<string, unknown>, options: { timeoutMs?: number; allowInputRequired?: boolean } = {}): Promise<Record<string, unknown>> {
    const timeout = options.timeoutMs ?? this.timeouts.callMs;
    const client = this.client as unknown as { request(r: { method: string; params: Record<string, unknown> }, s: typeof ANY, o: { timeout: number; allowInputRequired?: boolean }): Promise<Record<string, unknown>> };
    return this.guard(method, () => client.request({ method, params }, ANY, { timeout, ...(options.allowInputRequired ? { allowInputRequired: true } : {}) }), typeof params.name === 'string' ? params.name : undefined, timeout);
  }

  /** What this client declares (the tasks extension is added per call where a server offers it). */
  private clientCapabilities: Record<string, unknown> = {};
  private wire?: WireRequests;

  /** A 2026-07-28 call declaring the tasks extension, on the wire (wire-request.ts): a task handle reaches us whole. */
  private wireSend(method: string, params: Record<string, unknown>, timeoutMs: number): Promise<Record<string, unknown>> {
    this.wire ??= new WireRequests(this.transport);
    const capabilities = { ...this.clientCapabilities, extensions: { [TASKS_EXTENSION]: {} } };
    return this.wire.send(method, params, { protocolVersion: this.identity.protocolVersion ?? '2026-07-28', clientInfo: { name: 'toolvet', version: VERSION }, capabilities }, timeoutMs);
  }

  async callTool(tool: string, args: Record<string, unknown>, timeoutMs = this.timeouts.callMs): Promise<CallToolResult> {
    if (offersModernTasks(this.identity.era, this.capabilities)) {
      const send = (method: string, params: Record<string, unknown>, ms: number): Promise<Record<string, unknown>> => this.wireSend(method, params, ms);
      const outcome = await this.guard(`tools/call ${tool} (tasks extension)`, () => callAsModernTask(send, this.client as unknown as TaskClient, this.name, tool, args, timeoutMs), tool, timeoutMs);
      // A call that asks for input goes through the SDK's own input flow below.
      if (!('inputRequired' in outcome)) return unwrapToolResult(outcome.result as CallToolResult);
    }
    const listed = this.listed.get(tool);
    // The definition without its outputSchema: the SDK would throw on a result that breaks it, and that is a finding, not an error.
    const toolDefinition = { ...(listed ?? { name: tool, inputSchema: { type: 'object' as const } }), outputSchema: undefined };
    if (mustCallAsTask(listed, this.identity.era, this.capabilities)) {
      const followed = await this.guard(`tools/call ${tool} (as a task)`, () => callAsTask(this.client as unknown as TaskClient, this.name, tool, args, timeoutMs), tool, timeoutMs);
      return unwrapToolResult(followed.result as CallToolResult);
    }
    const result = (await this.guard(`tools/call ${tool}`, () => this.client.callTool({ name: tool, arguments: args }, { timeout: timeoutMs, toolDefinition }), tool, timeoutMs)) as CallToolResult;
    return unwrapToolResult(result);
  }

  async readResource(uri: string, timeoutMs = this.timeouts.callMs): Promise<ReadResourceResult> {
    return this.guard(`resources/read ${uri}`, () => this.client.readResource({ uri }, { timeout: timeoutMs }), undefined, timeoutMs);
  }

  async getPrompt(name: string, args: Record<string, string> = {}, timeoutMs = this.timeouts.callMs): Promise<GetPromptResult> {
    return this.guard(`prompts/get ${name}`, () => this.client.getPrompt({ name, arguments: args }, { timeout: timeoutMs }), undefined, timeoutMs);
  }

  /**
   * The skills the server serves through the skills extension (SEP-2640), each with its files read
   * and verified by the SDK against the listed size and digest; empty when it does not declare the
   * extension. Files past `maxFiles` per skill or `maxBytes` in all are left out and named in `skipped`.
   */
  async listServedSkills(limits: { maxFiles: number; maxBytes: number } = DEFAULT_SERVED_SKILL_LIMITS): Promise<ServedSkill[]> {
    return readServedSkills(this.client, (what, call) => this.guard(what, call), { callMs: this.timeouts.callMs, maxItems: this.limits.maxItems, ...limits });
  }

  /** Ends the connection within its deadlines (for stdio: stdin end, SIGTERM, SIGKILL of the process group). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // A 2025-era Streamable HTTP session lives on the server until the client ends it (DELETE).
    const http = this.transport instanceof mcpSdk().client.StreamableHTTPClientTransport && this.transport.sessionId ? this.transport : undefined;
    if (http) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([http.terminateSession().catch(() => undefined), new Promise((r) => (timer = setTimeout(r, 2_000)))]);
      clearTimeout(timer);
    }
    try {
      await this.client.close();
    } catch {
      // Closing a server that already died is not an error worth reporting.
    }
    try {
      await this.transport.close();
    } catch {
      // Idem.
    }
  }

  /**
   * Walks `nextCursor` page by page (raw pages: the SDK's own walk is capped at 64 pages and drops
   * some tools on HTTP), under the caps: a repeated cursor is a loop, too many pages or items stop.
   */
  private async paginate<Item>(method: 'tools/list' | 'resources/list' | 'resources/templates/list' | 'prompts/list', key: string): Promise<Item[]> {
    const all: Item[] = [];
    let cursor: string | undefined;
    const seen = new Set<string>();
    let pages = 0;
    let chars = 0;
    do {
      if (++pages > this.limits.maxPages) {
        throw this.limitError(`${method} was still paginating after ${this.limits.maxPages} pages (${all.length} items so far)`, `set a larger page size on the server, or raise the limit (${this.limits.maxPages} pages)`);
      }
      const params = cursor !== undefined ? { cursor } : {};
      const page = (await this.guard(method, () => this.client.request({ method, params }, { timeout: this.timeouts.callMs }))) as unknown as Record<string, unknown> & { nextCursor?: string };
      const items = (page[key] as Item[] | undefined) ?? [];
      all.push(...items);
      // Each page is under the per-message cap; the pages together are capped too.
      chars += JSON.stringify(items).length;
      if (chars > this.limits.maxListChars) {
        throw this.limitError(`${method} sent more than ${Math.round(this.limits.maxListChars / 1024 / 1024)} MB of entries in all (${all.length} items, ${pages} pages)`, `list fewer or smaller entries, or raise the limit (${this.limits.maxListChars} characters)`);
      }
      if (all.length > this.limits.maxItems) {
        throw this.limitError(`${method} listed more than ${this.limits.maxItems} items`, `a server with this many entries cannot be selected from by a model; split it, or raise the limit (${this.limits.maxItems})`);
      }
      cursor = page.nextCursor;
      if (cursor !== undefined && seen.has(cursor)) {
        throw new ToolvetError('E_SERVER_PROTOCOL', `server "${this.name}" repeated the ${method} cursor ${JSON.stringify(cursor.slice(0, 100))}`, {
          server: this.name,
          hint: 'the server paginates in a loop; fix its nextCursor',
        });
      }
      if (cursor !== undefined) seen.add(cursor);
    } while (cursor !== undefined);
    const problem = checkListed(all as unknown[], this.limits);
    if (problem) throw this.limitError(`${method}: ${problem.message}`, problem.hint);
    return all;
  }

  /**
   * An HTTP response passed a transport cap (capped-fetch.ts): every waiting call fails with
   * E_SERVER_LIMIT at once, and the connection is dropped (a later call reconnects once, as after a crash).
   */
  private breach(breach: Breach): void {
    const error = this.limitError(breach.message, breach.hint);
    for (const reject of this.onOversize) reject(error);
    this.exited = true;
    this.transport.close().catch(() => undefined);
  }

  private limitError(message: string, hint: string): ToolvetError {
    return new ToolvetError('E_SERVER_LIMIT', `server "${this.name}": ${message}`, { server: this.name, hint });
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
      throw this.callError(what, error, tool, timeoutMs);
    } finally {
      this.onOversize.delete(rejectOversize!);
    }
  }

  private callError(what: string, error: unknown, tool: string | undefined, timeoutMs: number): ToolvetError {
    const { coded, dropped } = callError({ server: this.name, entry: this.entry, stderr: this.stderr, alive: this.alive }, what, error, tool, timeoutMs);
    if (dropped) this.exited = true;
    return coded;
  }

  private startError(what: string, code: 'E_SERVER_START' | 'E_SERVER_TIMEOUT' = 'E_SERVER_START'): ToolvetError {
    const entry = this.entry;
    const hint = isRemote(entry)
        ? `check that ${printableUrl(entry.url)} is up and answers MCP (try: toolvet doctor)`
        : `run it directly in a terminal to see the error on stderr: ${[entry.command, ...entry.args].join(' ')}`;
    return new ToolvetError(code, `server "${this.name}" ${what}`, { server: this.name, stderr: this.stderr.last(10), hint });
  }
}
