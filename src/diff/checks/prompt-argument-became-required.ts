import type { DiffCheck } from '../types.ts';

export const promptArgumentBecameRequired: DiffCheck = {
  id: 'prompt-argument-became-required',
  level: 'breaking',
  description: 'an optional prompt argument became required',
  kinds: ['prompt-argument-required'],
  check: (d) => (d.after === true ? `argument "${d.param}" of ${d.tool.replace(/^prompt:/, 'prompt "')}" became required; prompts/get without it now fails` : null),
};
