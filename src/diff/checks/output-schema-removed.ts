import { onOutput } from '../check-kit.ts';
import type { DiffCheck } from '../types.ts';

export const outputSchemaRemoved: DiffCheck = {
  id: 'output-schema-removed',
  level: 'breaking',
  description: 'the outputSchema was removed: clients can no longer rely on structured content',
  kinds: ['schema-removed'],
  check: (d) => (onOutput(d) ? `outputSchema of "${d.tool}" was removed; clients that read its structured content lose their contract` : null),
};
