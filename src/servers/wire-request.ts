/**
 * A request sent through the connection's own transport, with its answer taken off the wire before the
 * SDK sees it: for the one answer the SDK cannot decode, a 2026-07-28 task handle (`resultType:
 * "task"`, the tasks extension), which the SDK turns into an error that loses the task id. The request
 * carries the 2026-07-28 envelope itself (protocol version, client info, this request's capabilities)
 * and an id of its own, so it never meets the SDK's ids. Everything else goes through the SDK.
 */
import type { Transport } from '@modelcontextprotocol/client';
import { ToolvetError } from '../errors.ts';

export interface WireEnvelope {
  protocolVersion: string;
  clientInfo: { name: string; version: string };
  capabilities: Record<string, unknown>;
}

type Message = { id?: unknown; method?: unknown; result?: unknown; error?: { code?: unknown; message?: unknown; data?: unknown } };

/** A JSON-RPC error answered on the wire, with its code, as the SDK's errors carry one. */
export class WireError extends Error {
  constructor(
    message: string,
    readonly code: number | undefined,
  ) {
    super(message);
  }
}

export class WireRequests {
  private readonly pending = new Map<string, (message: Message) => void>();
  private next = 1;

  constructor(private readonly transport: Transport) {
    const inner = transport.onmessage;
    // Answers to our own ids stop here; every other message goes on to the SDK as before.
    transport.onmessage = (message, extra) => {
      const m = message as Message;
      if (typeof m.id === 'string' && m.method === undefined && this.pending.has(m.id)) {
        this.pending.get(m.id)!(m);
        this.pending.delete(m.id);
        return;
      }
      inner?.call(transport, message, extra);
    };
  }

  async send(method: string, params: Record<string, unknown>, envelope: WireEnvelope, timeoutMs: number): Promise<Record<string, unknown>> {
    const id = `toolvet-wire-${this.next++}`;
    const _meta = { 'io.modelcontextprotocol/protocolVersion': envelope.protocolVersion, 'io.modelcontextprotocol/clientInfo': envelope.clientInfo, 'io.modelcontextprotocol/clientCapabilities': envelope.capabilities };
    let timer: NodeJS.Timeout | undefined;
    const answered = new Promise<Message>((resolve, reject) => {
      this.pending.set(id, resolve);
      timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new ToolvetError('E_CALL_TIMEOUT', `no answer to ${method} within ${timeoutMs} ms`, { hint: 'raise --call-timeout' }));
      }, timeoutMs);
    });
    try {
      await this.transport.send({ jsonrpc: '2.0', id, method, params: { ...params, _meta } } as never);
      const message = await answered;
      if (message.error) throw new WireError(`MCP error ${String(message.error.code)}: ${String(message.error.message)}`, typeof message.error.code === 'number' ? message.error.code : undefined);
      return (typeof message.result === 'object' && message.result !== null ? message.result : {}) as Record<string, unknown>;
    } finally {
      clearTimeout(timer);
      this.pending.delete(id);
    }
  }
}
