/**
 * The reference manager's local interface (spec 4.3): a read-only HTTP server on port 23119 by default,
 * off until its "enable local server" setting is on.
 */
import type { DoctorCheck } from './types.ts';

export const REFMAN_DEFAULT_PORT = 23119;
const ENABLE_HINT = "turn on its local server setting (off by default; spec 4.3) with the port";

export async function checkRefman(port: number, timeoutMs: number, host = '127.0.0.1'): Promise<DoctorCheck> {
  const url = `http://${host}:${port}/api/`;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel();
    if (response.ok) return { id: 'refman', status: 'ok', summary: `the reference manager's local interface answers at ${url}` };
    return {
      id: 'refman',
      status: 'fail',
      summary: `something answers on port ${port} but its local interface does not (HTTP ${response.status} for ${url})`,
      next: `in the reference manager's settings, ${ENABLE_HINT} ${port}, then restart it`,
    };
  } catch (error) {
    const refused = (error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED';
    return {
      id: 'refman',
      status: 'fail',
      summary: refused ? `nothing listens on port ${port}: the reference manager is not running or its local server is off` : `${url}: ${(error as Error).message}`,
      next: `start the reference manager and ${ENABLE_HINT} ${port}`,
    };
  }
}
