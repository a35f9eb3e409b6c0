import type { DiffCheck } from '../types.ts';

export const destructiveHintAdded: DiffCheck = {
  id: 'destructive-hint-added',
  level: 'breaking',
  description: 'destructiveHint went from false to true (absent counts as true)',
  kinds: ['tool-annotation'],
  check: (d) => (d.keyword === 'destructiveHint' && d.before === false && d.after === true ? `"${d.tool}" may now be destructive (destructiveHint false -> true; absent counts as true)` : null),
};
