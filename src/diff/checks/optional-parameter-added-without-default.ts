import { requiredInSomeBranch } from '../normalize.ts';
import { hasDefault, onInput, subject } from '../check-kit.ts';
import type { DiffCheck } from '../types.ts';

export const optionalParameterAddedWithoutDefault: DiffCheck = {
  id: 'optional-parameter-added-without-default',
  level: 'retest',
  description: 'an optional parameter was added without a default (spec 9.1 asks for one)',
  kinds: ['property-added'],
  check: (d) => (onInput(d) && d.after === false && !requiredInSomeBranch(d.newParent, (d.param ?? '').slice((d.param ?? '').lastIndexOf('.') + 1)) && !hasDefault(d.newNode) ? `optional ${subject(d)} was added without a default; give it a "default" (spec 9.1) so callers know what omitting it means` : null),
};
