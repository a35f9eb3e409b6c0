import { onOutput, subject } from '../check-kit.ts';
import type { DiffCheck } from '../types.ts';

export const outputPropertyBecameRequired: DiffCheck = {
  id: 'output-property-became-required',
  level: 'safe',
  description: 'an optional output property became required (a stronger promise)',
  kinds: ['property-required'],
  check: (d) => (onOutput(d) && d.before === false && d.after === true ? `${subject(d)} is now always present` : null),
};
