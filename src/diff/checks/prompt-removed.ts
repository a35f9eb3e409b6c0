import type { DiffCheck } from '../types.ts';

export const promptRemoved: DiffCheck = {
  id: 'prompt-removed',
  level: 'breaking',
  description: 'a prompt was removed; users and clients that get it by name now fail',
  kinds: ['prompt-removed'],
  check: (d) => `${d.tool.replace(/^prompt:/, 'prompt "')}" was removed; prompts/get with its name now fails`,
};
