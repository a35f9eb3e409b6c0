import { onOutput, subject } from '../check-kit.ts';
import type { DiffCheck } from '../types.ts';

export const outputPropertyRemoved: DiffCheck = {
  id: 'output-property-removed',
  level: 'breaking',
  description: 'an output property a client could rely on was removed',
  kinds: ['property-removed'],
  check: (d) => (onOutput(d) ? `${subject(d)} was removed; clients that read it break` : null),
};
