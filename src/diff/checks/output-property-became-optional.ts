import { onOutput, subject } from '../check-kit.ts';
import type { DiffCheck } from '../types.ts';

export const outputPropertyBecameOptional: DiffCheck = {
  id: 'output-property-became-optional',
  level: 'breaking',
  description: 'a required output property became optional: clients can no longer count on it',
  kinds: ['property-required'],
  check: (d) => (onOutput(d) && d.before === true && d.after === false ? `${subject(d)} is no longer guaranteed; clients that count on it break` : null),
};
