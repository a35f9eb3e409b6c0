import { show } from '../check-kit.ts';
import type { DiffCheck } from '../types.ts';

export const schemaDialectChanged: DiffCheck = {
  id: 'schema-dialect-changed',
  level: 'retest',
  description: 'the JSON Schema dialect ($schema, absent = 2020-12) changed',
  kinds: ['keyword'],
  check: (d) => (d.keyword === '$schema' ? `${d.side === 'output' ? 'outputSchema' : 'inputSchema'} dialect changed from ${show(d.before)} to ${show(d.after)}; keywords such as items may now mean something else` : null),
};
