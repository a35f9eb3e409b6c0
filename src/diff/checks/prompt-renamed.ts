import type { DiffCheck } from '../types.ts';

export const promptRenamed: DiffCheck = {
  id: 'prompt-renamed',
  level: 'breaking',
  description: 'a prompt was renamed (same name words in another spelling); the old name no longer resolves',
  kinds: ['prompt-renamed'],
  check: (d) => `prompt "${String(d.before)}" is now "${String(d.after)}" (${d.basis ?? 'renamed'}); prompts/get with the old name now fails`,
};
