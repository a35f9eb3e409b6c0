import type { DiffCheck } from '../types.ts';

export const oldCallRejected: DiffCheck = {
  id: 'old-call-rejected',
  level: 'breaking',
  description: 'a generated call valid under the old input schema is rejected by the new one, and no other change of the tool explains it',
  kinds: ['calls-rejected'],
  check: () => `the new input schema rejects calls the old one accepted (in a way no single keyword change above shows)`,
};
