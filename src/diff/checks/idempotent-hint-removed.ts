import type { DiffCheck } from '../types.ts';

export const idempotentHintRemoved: DiffCheck = {
  id: 'idempotent-hint-removed',
  level: 'breaking',
  description: 'idempotentHint went from true to false: retrying is no longer safe',
  kinds: ['tool-annotation'],
  check: (d) => (d.keyword === 'idempotentHint' && d.before === true && d.after === false ? `"${d.tool}" is no longer idempotent; callers that retry it may now repeat its effect` : null),
};
