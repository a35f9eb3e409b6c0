/**
 * The HTTP rules of Streamable HTTP, tried with plain requests beside the SDK's connection (the SDK
 * always sends the right headers, so it cannot break them on purpose). A control request with every
 * header right must be served first; then each rule gets one request that breaks only it:
 *   - 2026-07-28: no `MCP-Protocol-Version` header, a header that contradicts the body's version, and
 *     an `Mcp-Method` header that contradicts the body's method must each get 400 Bad Request (the
 *     spec's HEADER_MISMATCH, -32020, in the body is noted);
 *   - 2025 era: an unsupported `MCP-Protocol-Version` on a request after `initialize` must get 400;
 *   - both: a request from a foreign `Origin` must be refused with 403 Forbidden (DNS rebinding).
 * Requests carry the entry's own headers (its credentials), and never print them. An OAuth-only entry
 * cannot be reached this way: the checks are skipped, saying why.
 */
import type { RemoteServerEntry } from '../config/host-config.ts';
import { VERSION } from '../version.ts';
import type { ProtocolCheck } from './types.ts';

export const MODERN = '2026-07-28';
export const FOREIGN_ORIGIN = 'http://toolvet-probe.invalid';
const HEADER_MISMATCH = -32020;
const MAX_BODY = 64 * 1024;

interface Answer {
  status: number;
  /** The JSON-RPC error code in the body, when the body is a JSON-RPC error. */
  rpcCode?: number;
  sessionId?: string;
}

let nextId = 1;

async function post(entry: RemoteServerEntry, body: Record<string, unknown>, headers: Record<string, string>, timeoutMs: number): Promise<Answer> {
  const response = await fetch(entry.url, {
    method: 'POST',
    headers: { ...entry.headers, 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', ...body }),
    signal: AbortSignal.timeout(timeoutMs),
    redirect: 'manual',
  });
  const text = await readCapped(response);
  const sessionId = response.headers.get('mcp-session-id') ?? undefined;
  let rpcCode: number | undefined;
  try {
    const parsed = JSON.parse(text) as { error?: { code?: unknown } };
    if (typeof parsed.error?.code === 'number') rpcCode = parsed.error.code;
  } catch {
    // An SSE stream or no body: no code to read.
  }
  return { status: response.status, ...(rpcCode !== undefined ? { rpcCode } : {}), ...(sessionId ? { sessionId } : {}) };
}

async function readCapped(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  // A server may stream forever: read what is there up to the cap, then stop.
  while (size < MAX_BODY) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.length;
    if (!(response.headers.get('content-type') ?? '').includes('json')) break;
  }
  await reader.cancel().catch(() => undefined);
  return Buffer.concat(chunks).toString('utf8').slice(0, MAX_BODY);
}

const envelope = (): Record<string, unknown> => ({
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientInfo': { name: 'toolvet', version: VERSION },
  'io.modelcontextprotocol/clientCapabilities': {},
});

const modernRequest = (method: string): Record<string, unknown> => ({ id: `toolvet-http-${nextId++}`, method, params: { _meta: envelope() } });
const modernHeaders = (method: string): Record<string, string> => ({ 'mcp-protocol-version': MODERN, 'mcp-method': method });

function expectStatus(id: string, what: string, answer: Answer, want: number, spec: string): ProtocolCheck {
  const code = answer.rpcCode === undefined ? '' : ` (JSON-RPC ${answer.rpcCode}${answer.rpcCode === HEADER_MISMATCH ? ', header mismatch' : ''})`;
  if (answer.status === want) return { scenario: 'http-headers', id, status: 'pass', detail: `${what}: ${answer.status}${code}` };
  if (answer.status >= 200 && answer.status < 300) return { scenario: 'http-headers', id, status: 'fail', detail: `${what}: served (${answer.status}); ${spec}` };
  return { scenario: 'http-headers', id, status: 'warn', detail: `${what}: refused with ${answer.status}${code}; ${spec}` };
}

const ORIGIN_SPEC = 'a server must answer a foreign Origin with 403 Forbidden, against DNS rebinding';

function originCheck(answer: Answer): ProtocolCheck {
  return { ...expectStatus('foreign-origin', `a request from Origin ${FOREIGN_ORIGIN}`, answer, 403, ORIGIN_SPEC), scenario: 'origin' };
}

const skipAll = (detail: string): ProtocolCheck[] => [
  { scenario: 'http-headers', id: 'control', status: 'skip', detail },
  { scenario: 'origin', id: 'foreign-origin', status: 'skip', detail },
];

async function modernRules(entry: RemoteServerEntry, timeoutMs: number): Promise<ProtocolCheck[]> {
  const method = 'tools/list';
  const control = await post(entry, modernRequest(method), modernHeaders(method), timeoutMs);
  if (control.status !== 200) return skipAll(`the control request (every header right) was answered ${control.status}, so no rule can be told apart`);
  const without = await post(entry, modernRequest(method), { 'mcp-method': method }, timeoutMs);
  const wrong = await post(entry, modernRequest(method), { ...modernHeaders(method), 'mcp-protocol-version': '2025-11-25' }, timeoutMs);
  const otherMethod = await post(entry, modernRequest(method), { ...modernHeaders(method), 'mcp-method': 'prompts/list' }, timeoutMs);
  const origin = await post(entry, modernRequest(method), { ...modernHeaders(method), origin: FOREIGN_ORIGIN }, timeoutMs);
  const spec = 'the spec asks for 400 Bad Request';
  return [
    { scenario: 'http-headers', id: 'control', status: 'pass', detail: 'tools/list with every header right: 200' },
    expectStatus('protocol-version-missing', 'tools/list without MCP-Protocol-Version', without, 400, spec),
    expectStatus('protocol-version-mismatch', 'MCP-Protocol-Version 2025-11-25 on a 2026-07-28 body', wrong, 400, spec),
    expectStatus('method-mismatch', 'Mcp-Method prompts/list on a tools/list body', otherMethod, 400, spec),
    originCheck(origin),
  ];
}

async function legacyRules(entry: RemoteServerEntry, protocolVersion: string, timeoutMs: number): Promise<ProtocolCheck[]> {
  const initialize = (): Record<string, unknown> => ({ id: `toolvet-http-${nextId++}`, method: 'initialize', params: { protocolVersion, capabilities: {}, clientInfo: { name: 'toolvet', version: VERSION } } });
  const control = await post(entry, initialize(), {}, timeoutMs);
  if (control.status !== 200) return skipAll(`the control initialize was answered ${control.status}, so no rule can be told apart`);
  const session: Record<string, string> = control.sessionId ? { 'mcp-session-id': control.sessionId } : {};
  const versioned: Record<string, string> = { ...session, 'mcp-protocol-version': protocolVersion };
  await post(entry, { method: 'notifications/initialized' }, versioned, timeoutMs);
  const unsupported = await post(entry, { id: `toolvet-http-${nextId++}`, method: 'tools/list', params: {} }, { ...versioned, 'mcp-protocol-version': '1999-01-01' }, timeoutMs);
  const origin = await post(entry, initialize(), { origin: FOREIGN_ORIGIN }, timeoutMs);
  if (control.sessionId) await fetch(entry.url, { method: 'DELETE', headers: { ...entry.headers, ...versioned }, signal: AbortSignal.timeout(timeoutMs) }).catch(() => undefined);
  if (origin.sessionId) await fetch(entry.url, { method: 'DELETE', headers: { ...entry.headers, 'mcp-session-id': origin.sessionId }, signal: AbortSignal.timeout(timeoutMs) }).catch(() => undefined);
  return [
    { scenario: 'http-headers', id: 'control', status: 'pass', detail: 'initialize with every header right: 200' },
    expectStatus('protocol-version-unsupported', 'tools/list with MCP-Protocol-Version 1999-01-01', unsupported, 400, 'the spec asks for 400 Bad Request for an unsupported version'),
    originCheck(origin),
  ];
}

/** The header and Origin rules of one HTTP server, in its era; skipped for SSE and OAuth-only entries. */
export async function probeHttpRules(entry: RemoteServerEntry, era: 'modern' | 'legacy' | undefined, protocolVersion: string | undefined, timeoutMs: number): Promise<ProtocolCheck[]> {
  if (entry.transport !== 'http') return skipAll('a legacy SSE server: the header rules are Streamable HTTP rules');
  if (entry.oauth) return skipAll('the server is reached with OAuth client credentials, which plain requests do not carry');
  try {
    return era === 'modern' ? await modernRules(entry, timeoutMs) : await legacyRules(entry, protocolVersion ?? '2025-11-25', timeoutMs);
  } catch (error) {
    return skipAll(`a plain request failed: ${(error as Error).message}`);
  }
}
