import { isClosed } from '../effective.ts';
import { onInput, subject } from '../check-kit.ts';
import type { DiffCheck } from '../types.ts';

export const parameterRemovedClosed: DiffCheck = {
  id: 'parameter-removed-closed',
  level: 'breaking',
  description: 'a parameter was removed from a closed schema (additionalProperties false)',
  kinds: ['property-removed'],
  check: (d) => (onInput(d) && isClosed(d.newParent) ? `${subject(d)} was removed and the schema is closed; old calls that send it are now invalid` : null),
};
