import { onOutput, subject } from '../check-kit.ts';
import type { DiffCheck } from '../types.ts';

export const outputPropertyAdded: DiffCheck = {
  id: 'output-property-added',
  level: 'safe',
  description: 'an output property was added',
  kinds: ['property-added'],
  check: (d) => (onOutput(d) ? `${subject(d)} was added` : null),
};
