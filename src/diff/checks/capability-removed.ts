import type { DiffCheck } from '../types.ts';

export const capabilityRemoved: DiffCheck = {
  id: 'capability-removed',
  level: 'breaking',
  description: 'the server no longer declares a capability (or a flag of one, such as resources.subscribe)',
  kinds: ['capability-removed'],
  check: (d) => `the server no longer declares "${d.keyword}"; clients that use it now get "method not found" or silence`,
};
