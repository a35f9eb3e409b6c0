import { isClosed } from '../effective.ts';
import { onInput, subject } from '../check-kit.ts';
import type { DiffCheck } from '../types.ts';

export const parameterRemovedClosed: DiffCheck = {
  id: 'parameter-removed-closed',
  level: 'breaking',
  description: 'a parameter was removed from a closed schema (additionalProperties false)',
  kinds: ['property-removed'],
  check: (d) => {
    if (!onInput(d) || !isClosed(d.newParent)) return null;
    if (d.before === true) return `required ${subject(d)} was removed and the schema is closed: every old call sends it, so every old call is now invalid`;
    return `${subject(d)} was removed and the schema is closed; old calls that send it are now invalid`;
  },
};
