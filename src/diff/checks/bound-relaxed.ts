import { isBound, isNumber, LOWER_BOUNDS, onInput, subject } from '../check-kit.ts';
import type { DiffCheck } from '../types.ts';

export const boundRelaxed: DiffCheck = {
  id: 'bound-relaxed',
  level: 'safe',
  description: 'a bound was relaxed or removed',
  kinds: ['keyword'],
  check: (d) => {
    if (!onInput(d) || !isBound(d) || !isNumber(d.before)) return null;
    if (d.after === undefined) return `${d.keyword} ${d.before} of ${subject(d)} was removed`;
    if (!isNumber(d.after)) return null;
    const relaxed = LOWER_BOUNDS.has(d.keyword!) ? d.after < d.before : d.after > d.before;
    return relaxed ? `${d.keyword} of ${subject(d)} relaxed from ${d.before} to ${d.after}` : null;
  },
};
