import type { DiffCheck } from '../types.ts';

export const toolRenamed: DiffCheck = {
  id: 'tool-renamed',
  level: 'breaking',
  description: 'a tool was probably renamed (one removed and one added with the same name words or parameters)',
  kinds: ['tool-renamed'],
  check: (d) => `tool "${String(d.before)}" was probably renamed to "${String(d.after)}" (${d.basis}); callers of "${String(d.before)}" fail. Keep the old name listed and deprecated until a sunset date`,
};
