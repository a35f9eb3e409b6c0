import { onInput, subject } from '../check-kit.ts';
import { describeSchema } from '../describe-schema.ts';
import type { DiffCheck } from '../types.ts';

/** Extra properties were any value and are now held to a schema (mongodb's sort: any value -> 1, -1, "asc", ...). */
export const additionalPropertiesNarrowed: DiffCheck = {
  id: 'additional-properties-narrowed',
  level: 'safe',
  decidedByCalls: true,
  description: 'the values of extra (undeclared) properties were free and now must match a schema; breaking when an old call is rejected (checked with calls)',
  kinds: ['keyword'],
  check: (d) =>
    onInput(d) && d.keyword === 'additionalProperties' && d.before === true && d.after !== null && typeof d.after === 'object'
      ? `the values of extra properties of ${subject(d)} were free and now must be ${describeSchema(d.after)}`
      : null,
};
