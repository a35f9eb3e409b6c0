import { onInput, subject } from '../check-kit.ts';
import type { DiffCheck } from '../types.ts';

export const parameterBecameOptional: DiffCheck = {
  id: 'parameter-became-optional',
  level: 'safe',
  description: 'a required parameter became optional',
  kinds: ['property-required'],
  check: (d) => (onInput(d) && d.before === true && d.after === false ? `${subject(d)} is no longer required` : null),
};
