import { onInput, subject } from '../check-kit.ts';
import type { DiffCheck } from '../types.ts';

export const parameterBecameRequired: DiffCheck = {
  id: 'parameter-became-required',
  level: 'breaking',
  description: 'an optional parameter became required',
  kinds: ['property-required'],
  check: (d) => (onInput(d) && d.before === false && d.after === true ? `${subject(d)} became required; old calls that omit it are now invalid` : null),
};
