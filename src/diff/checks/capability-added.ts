import type { DiffCheck } from '../types.ts';

export const capabilityAdded: DiffCheck = {
  id: 'capability-added',
  level: 'safe',
  description: 'the server declares a new capability (or a new flag of one)',
  kinds: ['capability-added'],
  check: (d) => `the server now declares "${d.keyword}"`,
};
