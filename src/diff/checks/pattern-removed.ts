import { onInput, show, subject } from '../check-kit.ts';
import type { DiffCheck } from '../types.ts';

export const patternRemoved: DiffCheck = {
  id: 'pattern-removed',
  level: 'safe',
  description: 'a pattern was removed',
  kinds: ['keyword'],
  check: (d) => (onInput(d) && d.keyword === 'pattern' && d.before !== undefined && d.after === undefined ? `pattern ${show(d.before)} of ${subject(d)} was removed` : null),
};
