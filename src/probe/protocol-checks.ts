/**
 * Protocol checks of the 2026-07-28 surface on a live server, each with a scenario and a stable id
 * (conformance.ts selects and baselines them by these):
 *   - cache hints: every cacheable result (server/discover, the lists the server declares, and one
 *     resources/read) carries `ttlMs`, a non-negative integer, and `cacheScope`, "public" or "private";
 *     2026-07-28 only (2025-era results have no hints);
 *   - resource not found: resources/read of a URI the server never listed answers -32602 in
 *     2026-07-28 (-32002 is the 2025 code, still right on a 2025-era server);
 *   - deprecated features: a 2026-07-28 server that declares `logging` (deprecated, SEP-2577);
 *   - the HTTP rules (http-rules.ts) for servers reached over HTTP.
 * The SDK refuses some broken hints itself (its error is reported as the finding).
 */
import { isRemote } from '../config/host-config.ts';
import type { ServerConnection } from '../servers/server-connection.ts';
import { rpcCodeOf, serverMessage } from './classify.ts';
import { probeHttpRules } from './http-rules.ts';
import type { ProbeServerOptions, ProtocolCheck } from './types.ts';

export const UNKNOWN_RESOURCE_URI = 'toolvet-probe://no-such-resource';
const SCOPES = new Set(['public', 'private']);

/** What is wrong with a result's cache hints; empty when they are present and sane. */
export function cacheHintProblems(result: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const { ttlMs, cacheScope } = result;
  if (ttlMs === undefined) problems.push('no ttlMs');
  else if (typeof ttlMs !== 'number' || !Number.isInteger(ttlMs) || ttlMs < 0) problems.push(`ttlMs ${JSON.stringify(ttlMs)} is not a non-negative integer`);
  if (cacheScope === undefined) problems.push('no cacheScope');
  else if (typeof cacheScope !== 'string' || !SCOPES.has(cacheScope)) problems.push(`cacheScope ${JSON.stringify(cacheScope)} is neither "public" nor "private"`);
  return problems;
}

const said = (error: unknown): string => serverMessage(error).replace(/\s+/g, ' ').slice(0, 200);

async function cacheHints(connection: ServerConnection, timeoutMs: number | undefined): Promise<ProtocolCheck[]> {
  const caps = connection.capabilities;
  const requests: Array<[string, Record<string, unknown>]> = [['server/discover', {}]];
  if (caps.tools) requests.push(['tools/list', {}]);
  if (caps.prompts) requests.push(['prompts/list', {}]);
  if (caps.resources) {
    requests.push(['resources/list', {}], ['resources/templates/list', {}]);
    const first = await connection.listResources().then((r) => r[0]?.uri, () => undefined);
    if (first) requests.push(['resources/read', { uri: first }]);
  }
  const out: ProtocolCheck[] = [];
  for (const [method, params] of requests) {
    const id = method === 'resources/read' ? 'resources/read' : method;
    try {
      const result = await connection.requestRaw(method, params, { timeoutMs });
      const problems = cacheHintProblems(result);
      out.push(problems.length === 0 ? { scenario: 'cache-hints', id, status: 'pass', detail: `${method}: ttlMs ${String(result.ttlMs)}, cacheScope ${String(result.cacheScope)}` } : { scenario: 'cache-hints', id, status: 'fail', detail: `${method}: ${problems.join('; ')} (spec: caching, every cacheable result carries both)` });
    } catch (error) {
      const text = said(error);
      // The SDK checks the hints itself and refuses a result without them: that refusal is the finding.
      if (/ttlMs|cacheScope/.test(text)) out.push({ scenario: 'cache-hints', id, status: 'fail', detail: `${method}: the SDK refused the result: ${text}` });
      else out.push({ scenario: 'cache-hints', id, status: 'skip', detail: `${method} failed, so its hints could not be read: ${text}` });
    }
  }
  return out;
}

async function resourceNotFound(connection: ServerConnection, modern: boolean, timeoutMs: number | undefined): Promise<ProtocolCheck> {
  const base = { scenario: 'resource-not-found', id: 'unknown-uri' } as const;
  try {
    await connection.readResource(UNKNOWN_RESOURCE_URI, timeoutMs);
    return { ...base, status: 'fail', detail: `resources/read of ${UNKNOWN_RESOURCE_URI}, never listed, answered with contents` };
  } catch (error) {
    const code = rpcCodeOf(error);
    const right = modern ? code === -32602 : code === -32602 || code === -32002;
    if (right) return { ...base, status: 'pass', detail: `JSON-RPC ${code}: ${said(error)}` };
    const want = modern ? '-32602 (2026-07-28; -32002 was the 2025 code)' : '-32002 or -32602';
    return { ...base, status: 'fail', detail: `answered ${code === undefined ? 'without a JSON-RPC code' : `JSON-RPC ${code}`}, not ${want}: ${said(error)}` };
  }
}

function deprecatedFeatures(connection: ServerConnection): ProtocolCheck {
  const base = { scenario: 'deprecated-features', id: 'logging' } as const;
  if (connection.capabilities.logging !== undefined) return { ...base, status: 'warn', detail: 'declares the logging capability, deprecated in 2026-07-28 (SEP-2577): a client sets the level per request, and the feature leaves the spec after twelve months' };
  return { ...base, status: 'pass', detail: 'declares no deprecated capability' };
}

/** Every protocol check that applies to this server; the era and transport decide which. */
export async function probeProtocol(options: ProbeServerOptions): Promise<ProtocolCheck[]> {
  const connection = await options.connection();
  if (!connection) return [];
  const modern = connection.identity.era === 'modern';
  const out: ProtocolCheck[] = [];
  if (modern) out.push(...(await cacheHints(connection, options.callTimeoutMs)));
  if (connection.capabilities.resources) out.push(await resourceNotFound(connection, modern, options.callTimeoutMs));
  if (modern) out.push(deprecatedFeatures(connection));
  if (isRemote(connection.entry)) out.push(...(await probeHttpRules(connection.entry, connection.identity.era, connection.identity.protocolVersion, options.callTimeoutMs ?? 30_000)));
  return out;
}
