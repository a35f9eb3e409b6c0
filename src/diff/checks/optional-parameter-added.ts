import { requiredInSomeBranch } from '../normalize.ts';
import { hasDefault, onInput, show, subject } from '../check-kit.ts';
import type { DiffCheck } from '../types.ts';

export const optionalParameterAdded: DiffCheck = {
  id: 'optional-parameter-added',
  level: 'safe',
  description: 'an optional parameter with a default was added',
  kinds: ['property-added'],
  check: (d) => (onInput(d) && d.after === false && !requiredInSomeBranch(d.newParent, (d.param ?? '').slice((d.param ?? '').lastIndexOf('.') + 1)) && hasDefault(d.newNode) ? `optional ${subject(d)} was added with default ${show(d.newNode!.default)}` : null),
};
