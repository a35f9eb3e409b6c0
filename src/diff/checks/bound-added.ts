import { isBound, isNumber, onInput, subject } from '../check-kit.ts';
import type { DiffCheck } from '../types.ts';

export const boundAdded: DiffCheck = {
  id: 'bound-added',
  level: 'breaking',
  description: 'a bound was added where there was none (like raising one, it rejects old calls outside it)',
  kinds: ['keyword'],
  check: (d) => (onInput(d) && isBound(d) && d.before === undefined && isNumber(d.after) ? `${subject(d)} gained ${d.keyword} ${d.after} where it had none; old calls outside it are now invalid` : null),
};
