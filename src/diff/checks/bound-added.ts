import { isBound, isNumber, onInput, subject } from '../check-kit.ts';
import type { DiffCheck } from '../types.ts';

export const boundAdded: DiffCheck = {
  id: 'bound-added',
  level: 'retest',
  description: 'a bound was added where there was none',
  kinds: ['keyword'],
  check: (d) => (onInput(d) && isBound(d) && d.before === undefined && isNumber(d.after) ? `${subject(d)} gained ${d.keyword} ${d.after}; check that old calls stay inside it` : null),
};
