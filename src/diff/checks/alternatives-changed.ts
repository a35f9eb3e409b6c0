import { onInput, subject } from '../check-kit.ts';
import { describeSchema } from '../describe-schema.ts';
import type { DiffCheck } from '../types.ts';

export const alternativesChanged: DiffCheck = {
  id: 'alternatives-changed',
  level: 'safe',
  decidedByCalls: true,
  description: 'the alternatives (anyOf/oneOf) a parameter accepts changed; breaking when an old call is rejected, else compatible (checked with calls)',
  kinds: ['keyword'],
  check: (d) => {
    if (!onInput(d) || (d.keyword !== 'anyOf' && d.keyword !== 'oneOf')) return null;
    if (d.after === undefined) return `${subject(d)} no longer accepts ${describeSchema(d.before)}`;
    if (d.before === undefined) return `${subject(d)} now also accepts ${describeSchema(d.after)}`;
    return `${subject(d)} accepted ${describeSchema(d.before)} and now accepts ${describeSchema(d.after)}`;
  },
};
