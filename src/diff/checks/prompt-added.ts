import type { DiffCheck } from '../types.ts';

export const promptAdded: DiffCheck = {
  id: 'prompt-added',
  level: 'safe',
  description: 'a prompt was added',
  kinds: ['prompt-added'],
  check: (d) => `${d.tool.replace(/^prompt:/, 'prompt "')}" was added`,
};
