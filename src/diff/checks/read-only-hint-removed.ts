import type { DiffCheck } from '../types.ts';

export const readOnlyHintRemoved: DiffCheck = {
  id: 'read-only-hint-removed',
  level: 'breaking',
  description: 'readOnlyHint went from true to false: the tool may now modify its environment',
  kinds: ['tool-annotation'],
  check: (d) => (d.keyword === 'readOnlyHint' && d.before === true && d.after === false ? `"${d.tool}" is no longer read-only; hosts that auto-approve read-only tools must ask again` : null),
};
