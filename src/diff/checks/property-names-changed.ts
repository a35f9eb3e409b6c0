import { onInput, show, subject } from '../check-kit.ts';
import type { DiffCheck } from '../types.ts';

/** `propertyNames` added, changed or removed: which keys an object may have (`{type: string}` changes nothing, keys are strings). */
export const propertyNamesChanged: DiffCheck = {
  id: 'property-names-changed',
  level: 'safe',
  decidedByCalls: true,
  description: 'the propertyNames rule of an object changed; breaking when an old call is rejected (checked with calls)',
  kinds: ['keyword'],
  check: (d) => (onInput(d) && d.keyword === 'propertyNames' ? `the keys ${subject(d)} accepts changed from ${show(d.before)} to ${show(d.after)}` : null),
};
