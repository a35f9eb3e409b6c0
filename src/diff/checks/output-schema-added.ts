import { onOutput } from '../check-kit.ts';
import type { DiffCheck } from '../types.ts';

export const outputSchemaAdded: DiffCheck = {
  id: 'output-schema-added',
  level: 'safe',
  description: 'an outputSchema was added',
  kinds: ['schema-added'],
  check: (d) => (onOutput(d) ? `"${d.tool}" now declares an outputSchema` : null),
};
