import { onInput, show, subject, typeSubset } from '../check-kit.ts';
import type { DiffCheck } from '../types.ts';

export const parameterTypeNarrowed: DiffCheck = {
  id: 'parameter-type-narrowed',
  level: 'breaking',
  description: "a parameter's type was narrowed (e.g. number to integer, or a type added where any was allowed)",
  kinds: ['keyword'],
  check: (d) => {
    if (!onInput(d) || d.keyword !== 'type' || !Array.isArray(d.after)) return null;
    if (Array.isArray(d.before) && (!typeSubset(d.after, d.before) || typeSubset(d.before, d.after))) return null;
    return `type of ${subject(d)} narrowed from ${show(d.before ?? 'any')} to ${show(d.after)}; old calls with other values are now invalid`;
  },
};
