import { show } from '../check-kit.ts';
import type { DiffCheck } from '../types.ts';

export const resourceMimeTypeChanged: DiffCheck = {
  id: 'resource-mime-type-changed',
  level: 'breaking',
  description: "a resource's or resource template's mimeType changed; clients that parse its content by type read it wrongly",
  kinds: ['resource-field'],
  check: (d) => (d.keyword === 'mimeType' && d.before !== undefined ? `the mimeType of "${d.tool.slice(d.tool.indexOf(':') + 1)}" changed from ${show(d.before)} to ${show(d.after)}; clients that parse it by type read it wrongly` : null),
};
