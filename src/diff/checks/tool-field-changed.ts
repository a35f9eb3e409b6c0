import { show } from '../check-kit.ts';
import type { DiffCheck } from '../types.ts';

export const toolFieldChanged: DiffCheck = {
  id: 'tool-field-changed',
  level: 'retest',
  description: 'fallback: another tool field changed (e.g. execution), or _meta',
  kinds: ['tool-field', 'tool-description', 'tool-title', 'tool-annotation', 'tool-deprecation', 'tool-added', 'tool-removed', 'tool-renamed'],
  fallback: true,
  check: (d) => `${d.path || 'tool'} of "${d.tool}" changed from ${show(d.before)} to ${show(d.after)}; Toolvet does not classify this field, so review it`,
};
