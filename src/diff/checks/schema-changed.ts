import { show } from '../check-kit.ts';
import type { DiffCheck } from '../types.ts';

export const schemaChanged: DiffCheck = {
  id: 'schema-changed',
  level: 'retest',
  decidedByCalls: true,
  description: 'fallback: a schema keyword changed that no other check classifies',
  kinds: ['keyword', 'property-added', 'property-removed', 'property-required', 'schema-added', 'schema-removed'],
  fallback: true,
  check: (d) => `${d.path} changed from ${show(d.before)} to ${show(d.after)}; Toolvet does not classify this keyword, so review it`,
};
