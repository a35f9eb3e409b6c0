import type { DiffCheck } from '../types.ts';

export const resourceRemoved: DiffCheck = {
  id: 'resource-removed',
  level: 'breaking',
  description: 'a listed resource or resource template was removed; readers of its URI now fail',
  kinds: ['resource-removed'],
  check: (d) => {
    const template = d.tool.startsWith('template:');
    const uri = d.tool.slice(d.tool.indexOf(':') + 1);
    return template ? `resource template "${uri}" was removed; clients that build URIs from it now fail` : `resource "${uri}" is no longer listed; clients that read it may now fail`;
  },
};
