import type { DiffCheck } from '../types.ts';

/**
 * Servers on the MCP SDKs accept an argument they no longer know and drop it (measured on
 * server-everything 2025.11.25 and 2026.8.31 and a v2-SDK server): a client that still sends it gets a
 * different prompt with no error at all, which is why this is breaking rather than a re-test.
 */
export const promptArgumentRemoved: DiffCheck = {
  id: 'prompt-argument-removed',
  level: 'breaking',
  description: 'a prompt argument was removed; a client that still sends it gets a different prompt, silently (servers drop unknown arguments)',
  kinds: ['prompt-argument-removed'],
  check: (d) => `argument "${d.param}" of ${d.tool.replace(/^prompt:/, 'prompt "')}" was removed; a client that still sends it is not refused, its value is silently dropped and the prompt no longer reflects it`,
};
