import { onInput, show, subject } from '../check-kit.ts';
import type { DiffCheck } from '../types.ts';

export const formatChanged: DiffCheck = {
  id: 'format-changed',
  level: 'retest',
  decidedByCalls: true,
  description: 'a string format was added, changed or removed',
  kinds: ['keyword'],
  check: (d) => (onInput(d) && d.keyword === 'format' ? `format of ${subject(d)} changed from ${show(d.before)} to ${show(d.after)}` : null),
};
