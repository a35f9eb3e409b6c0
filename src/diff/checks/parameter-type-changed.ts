import { onInput, show, subject, typeSubset } from '../check-kit.ts';
import type { DiffCheck } from '../types.ts';

export const parameterTypeChanged: DiffCheck = {
  id: 'parameter-type-changed',
  level: 'breaking',
  description: "a parameter's type changed to one that neither contains nor is contained by the old type",
  kinds: ['keyword'],
  check: (d) => {
    if (!onInput(d) || d.keyword !== 'type' || !Array.isArray(d.before) || !Array.isArray(d.after)) return null;
    if (typeSubset(d.after, d.before) || typeSubset(d.before, d.after)) return null;
    return `type of ${subject(d)} changed from ${show(d.before)} to ${show(d.after)}: its meaning likely changed while its name stayed; publish a new tool with a version suffix (e.g. "${d.tool}_v2") and deprecate this one (spec 9.2)`;
  },
};
