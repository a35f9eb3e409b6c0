import type { DiffCheck } from '../types.ts';

export const resourceAdded: DiffCheck = {
  id: 'resource-added',
  level: 'safe',
  description: 'a resource or resource template was added',
  kinds: ['resource-added'],
  check: (d) => `${d.tool.startsWith('template:') ? 'resource template' : 'resource'} "${d.tool.slice(d.tool.indexOf(':') + 1)}" was added`,
};
