import { onInput, show, subject, typeSubset } from '../check-kit.ts';
import type { DiffCheck } from '../types.ts';

export const parameterTypeWidened: DiffCheck = {
  id: 'parameter-type-widened',
  level: 'safe',
  description: "a parameter's type was widened (e.g. integer to number, or its type removed)",
  kinds: ['keyword'],
  check: (d) => {
    if (!onInput(d) || d.keyword !== 'type' || !Array.isArray(d.before)) return null;
    if (Array.isArray(d.after) && (!typeSubset(d.before, d.after) || typeSubset(d.after, d.before))) return null;
    return `type of ${subject(d)} widened from ${show(d.before)} to ${show(d.after ?? 'any')}`;
  },
};
