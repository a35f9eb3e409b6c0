/**
 * The transport of one server connection, built in one place: a stdio process (ProcessTransport) or
 * a remote server over Streamable HTTP or legacy SSE, whose every response is read under the transport
 * caps (capped-fetch.ts) and whose credentials come from remote-transport.ts (headers, OAuth client
 * credentials, or the authorization-code login). `toolvet login` builds its transport here too, so the
 * login and the runs that use its tokens go through the same provider, the same pinned fetch and caps.
 */
import type { Transport } from '@modelcontextprotocol/client';
import { isRemote, type ServerEntry } from '../config/host-config.ts';
import type { LoginHooks } from '../auth/oauth-provider.ts';
import { cappedFetch, DEFAULT_TRANSPORT_LIMITS, type Breach, type TransportLimits } from './capped-fetch.ts';
import { ProcessTransport } from './process-transport.ts';
import { remoteTransport } from './remote-transport.ts';
import type { StderrTail } from './stderr-tail.ts';

export interface TransportWiring {
  /** Caps on each message (HTTP responses, stdio lines' depth). */
  limits?: Partial<TransportLimits>;
  /** A cap was passed: the connection fails its waiting calls (it is late-bound: the connection exists by then). */
  onBreach: (breach: Breach) => void;
  /** Where a stdio server's stderr goes. */
  stderr: StderrTail;
  /** Lines on a stdio server's stdout that were not JSON-RPC. */
  onNoise: (line: string) => void;
  /** `toolvet login` only: the browser step. Without it a server that needs a login fails with E_LOGIN_REQUIRED. */
  login?: LoginHooks;
}

export function serverTransport(name: string, entry: ServerEntry, wiring: TransportWiring): Transport {
  const limits = { ...DEFAULT_TRANSPORT_LIMITS, ...wiring.limits };
  if (isRemote(entry)) return remoteTransport(entry, name, cappedFetch(limits, wiring.onBreach), wiring.login);
  return new ProcessTransport({
    command: entry.command,
    args: entry.args,
    env: entry.env,
    cwd: entry.cwd,
    maxDepth: limits.maxDepth,
    onStderr: (text) => wiring.stderr.push(text),
    onNoise: wiring.onNoise,
    onBreach: wiring.onBreach,
  });
}
