import { onInput, subject } from '../check-kit.ts';
import type { DiffCheck } from '../types.ts';

export const enumRemoved: DiffCheck = {
  id: 'enum-removed',
  level: 'safe',
  description: 'an enum was dropped: any value of the type is accepted',
  kinds: ['keyword'],
  check: (d) => (onInput(d) && d.keyword === 'enum' && Array.isArray(d.before) && d.after === undefined ? `${subject(d)} no longer restricts its values to an enum` : null),
};
