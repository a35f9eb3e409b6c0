import type { DiffCheck } from '../types.ts';

export const promptArgumentBecameOptional: DiffCheck = {
  id: 'prompt-argument-became-optional',
  level: 'safe',
  description: 'a required prompt argument became optional',
  kinds: ['prompt-argument-required'],
  check: (d) => (d.after === false ? `argument "${d.param}" of ${d.tool.replace(/^prompt:/, 'prompt "')}" is no longer required` : null),
};
