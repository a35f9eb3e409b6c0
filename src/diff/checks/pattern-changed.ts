import { onInput, show, subject } from '../check-kit.ts';
import type { DiffCheck } from '../types.ts';

export const patternChanged: DiffCheck = {
  id: 'pattern-changed',
  level: 'retest',
  decidedByCalls: true,
  description: 'a pattern changed',
  kinds: ['keyword'],
  check: (d) => (onInput(d) && d.keyword === 'pattern' && d.before !== undefined && d.after !== undefined ? `pattern of ${subject(d)} changed from ${show(d.before)} to ${show(d.after)}; check that old calls still match` : null),
};
