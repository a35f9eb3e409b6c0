import { isClosed } from '../effective.ts';
import { onInput, subject } from '../check-kit.ts';
import type { DiffCheck } from '../types.ts';

export const parameterRemovedOpen: DiffCheck = {
  id: 'parameter-removed-open',
  level: 'retest',
  description: 'a parameter was removed from an open schema: old calls stay valid but the value is ignored',
  kinds: ['property-removed'],
  check: (d) => (onInput(d) && !isClosed(d.newParent) ? `${subject(d)} was removed; the schema is open, so old calls still validate but the value is now ignored` : null),
};
