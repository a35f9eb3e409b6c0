import type { DiffCheck } from '../types.ts';

/** Spec 9.3: a changed description needs a re-test; hosts show it to the model when it picks context. */
export const resourceDescriptionChanged: DiffCheck = {
  id: 'resource-description-changed',
  level: 'retest',
  description: "a resource's or resource template's description changed",
  kinds: ['resource-field'],
  check: (d) => (d.keyword === 'description' ? `the description of ${d.tool.startsWith('template:') ? 'resource template' : 'resource'} "${d.tool.slice(d.tool.indexOf(':') + 1)}" changed; re-test whoever picks it` : null),
};
