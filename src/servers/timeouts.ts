/**
 * The server waits every command shares (eval, run, bench, scenarios, probe, lint, diff, doctor...):
 * one constant, which `--help` and the docs quote (src/cli/timeout-defaults.test.ts checks they agree).
 * Kept apart from server-connection.ts so the CLI's flag helpers can name it without loading the SDK.
 */
export interface ServerTimeouts {
  /** Spawn (or first request) to initialized. */
  startMs: number;
  /** One list page, tools/call, resources/read or prompts/get. */
  callMs: number;
}

/**
 * 30 s a call: half the MCP SDK's own default request timeout (60 s), long enough for a real tool
 * that calls a slow API, short enough that a hung server fails a CI job quickly. The probe uses it
 * too (it used its own 10 s while --help said 30 s).
 */
export const DEFAULT_SERVER_TIMEOUTS: ServerTimeouts = { startMs: 15_000, callMs: 30_000 };

/** How long a stdio server may stay silent on the `server/discover` probe before it is taken for a legacy one. */
export function stdioProbeMs(timeouts: ServerTimeouts): number {
  return Math.min(10_000, Math.floor(timeouts.startMs / 2));
}
