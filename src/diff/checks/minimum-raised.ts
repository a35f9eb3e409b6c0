import { isNumber, LOWER_BOUNDS, onInput, subject } from '../check-kit.ts';
import type { DiffCheck } from '../types.ts';

export const minimumRaised: DiffCheck = {
  id: 'minimum-raised',
  level: 'breaking',
  description: 'a lower bound (minimum, exclusiveMinimum, minLength, minItems, minProperties) was raised',
  kinds: ['keyword'],
  check: (d) => (onInput(d) && LOWER_BOUNDS.has(d.keyword ?? '') && isNumber(d.before) && isNumber(d.after) && d.after > d.before ? `${d.keyword} of ${subject(d)} raised from ${d.before} to ${d.after}; old calls below it are now invalid` : null),
};
