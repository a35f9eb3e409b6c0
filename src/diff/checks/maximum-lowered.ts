import { isNumber, onInput, subject, UPPER_BOUNDS } from '../check-kit.ts';
import type { DiffCheck } from '../types.ts';

export const maximumLowered: DiffCheck = {
  id: 'maximum-lowered',
  level: 'breaking',
  description: 'an upper bound (maximum, exclusiveMaximum, maxLength, maxItems, maxProperties) was lowered',
  kinds: ['keyword'],
  check: (d) => (onInput(d) && UPPER_BOUNDS.has(d.keyword ?? '') && isNumber(d.before) && isNumber(d.after) && d.after < d.before ? `${d.keyword} of ${subject(d)} lowered from ${d.before} to ${d.after}; old calls above it are now invalid` : null),
};
