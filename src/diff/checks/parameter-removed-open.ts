import { isClosed } from '../effective.ts';
import { onInput, subject } from '../check-kit.ts';
import type { DiffCheck } from '../types.ts';
import { isFreeForm } from './parameter-no-longer-described.ts';

export const parameterRemovedOpen: DiffCheck = {
  id: 'parameter-removed-open',
  level: 'breaking',
  description: 'a parameter was removed from an open schema: calls that send it validate, but the server no longer reads the value (conventions 9)',
  kinds: ['property-removed'],
  check: (d) => {
    if (!onInput(d) || isClosed(d.newParent) || isFreeForm(d.newParent, d)) return null;
    if (d.before === true) return `required ${subject(d)} was removed: every old call sends it and the server no longer reads it, so old calls stop doing what they did (conventions 9: publish a new tool instead)`;
    return `${subject(d)} was removed: the schema is open, so a call that sends it is not rejected, but the server no longer reads the value (conventions 9: removing a parameter is breaking)`;
  },
};
