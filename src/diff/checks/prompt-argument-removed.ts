import type { DiffCheck } from '../types.ts';

/** Servers built on the MCP SDKs validate prompt arguments against a closed object, so an argument they no longer know is refused. */
export const promptArgumentRemoved: DiffCheck = {
  id: 'prompt-argument-removed',
  level: 'breaking',
  description: 'a prompt argument was removed; clients that still send it may be refused, and its value is lost',
  kinds: ['prompt-argument-removed'],
  check: (d) => `argument "${d.param}" of ${d.tool.replace(/^prompt:/, 'prompt "')}" was removed; a client that sends it may be refused, and its value no longer reaches the prompt`,
};
