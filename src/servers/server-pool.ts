/**
 * Starting the servers of a host config concurrently (p-limit), keeping the ones that start and the
 * coded error of each one that does not, and restarting a crashed server once.
 */
import pLimit from 'p-limit';
import type { HostConfig } from '../config/host-config.ts';
import { toErrorInfo, ToolvetError } from '../errors.ts';
import type { ServerInfo } from '../report/result-core.ts';
import type { ToolDefinition } from '../types.ts';
import { ServerConnection, type ServerTimeouts } from './server-connection.ts';

export interface PoolOptions {
  concurrency?: number;
  timeouts?: Partial<ServerTimeouts>;
  /** Declare elicitation and answer input requests (scenarios). */
  answerInput?: boolean;
}

interface Member {
  connection?: ServerConnection;
  tools: ToolDefinition[];
  restarts: number;
  error?: ToolvetError;
}

export class ServerPool {
  private readonly members = new Map<string, Member>();

  private constructor(
    private readonly config: HostConfig,
    private readonly options: PoolOptions,
  ) {}

  /** Starts every named server; never throws for a server that fails, see `errors()`. */
  static async start(config: HostConfig, names: readonly string[], options: PoolOptions = {}): Promise<ServerPool> {
    const pool = new ServerPool(config, options);
    const limit = pLimit(options.concurrency ?? 8);
    await Promise.all(names.map((name) => limit(() => pool.startOne(name))));
    return pool;
  }

  private async startOne(name: string): Promise<void> {
    const member: Member = this.members.get(name) ?? { tools: [], restarts: 0 };
    this.members.set(name, member);
    try {
      member.connection = await ServerConnection.start(name, this.config.servers[name], this.options.timeouts, this.options.answerInput ? { answerInput: true } : {});
      member.tools = await member.connection.listTools();
      member.error = undefined;
    } catch (error) {
      await member.connection?.close();
      member.connection = undefined;
      member.error = error instanceof ToolvetError ? error : new ToolvetError('E_SERVER_START', `server "${name}": ${(error as Error).message}`, { server: name });
    }
  }

  names(): string[] {
    return [...this.members.keys()];
  }

  /** Every tool of every server that started, each tagged with its server. */
  tools(): ToolDefinition[] {
    return [...this.members.values()].flatMap((m) => m.tools);
  }

  errors(): ToolvetError[] {
    return [...this.members.values()].flatMap((m) => (m.error ? [m.error] : []));
  }

  connection(name: string): ServerConnection | undefined {
    return this.members.get(name)?.connection;
  }

  /** The live connection for `name`, restarting it once if it crashed. Undefined when it is gone for good. */
  async ensure(name: string): Promise<ServerConnection | undefined> {
    const member = this.members.get(name);
    if (!member) return undefined;
    if (member.connection?.alive) return member.connection;
    if (member.restarts >= 1) return undefined;
    member.restarts += 1;
    await member.connection?.close();
    await this.startOne(name);
    return member.connection;
  }

  info(): ServerInfo[] {
    return [...this.members.entries()].map(([name, m]) => {
      const info: ServerInfo = { name, tools: m.tools.length, restarts: m.restarts };
      if (m.connection?.identity.version) info.version = m.connection.identity.version;
      if (m.connection?.identity.protocolVersion) info.protocolVersion = m.connection.identity.protocolVersion;
      if (m.connection?.identity.transport) info.transport = m.connection.identity.transport;
      if (m.error) info.error = toErrorInfo(m.error);
      return info;
    });
  }

  /** What users should hear about the connections that started (a deprecated transport), by server. */
  warnings(): Array<{ server: string; code: string; message: string; hint?: string }> {
    return [...this.members.entries()].flatMap(([server, m]) => (m.connection?.warnings ?? []).map((w) => ({ server, ...w })));
  }

  async close(): Promise<void> {
    await Promise.all([...this.members.values()].map((m) => m.connection?.close()));
  }
}
