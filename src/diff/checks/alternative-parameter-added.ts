import { subject, onInput } from '../check-kit.ts';
import { requiredInSomeBranch } from '../normalize.ts';
import type { DiffCheck } from '../types.ts';

const nameOf = (param: string | undefined): string => (param ?? '').slice((param ?? '').lastIndexOf('.') + 1);

export const alternativeParameterAdded: DiffCheck = {
  id: 'alternative-parameter-added',
  level: 'safe',
  description: 'a parameter came with a new anyOf/oneOf alternative that requires it: old calls match another alternative',
  kinds: ['property-added'],
  check: (d) => (onInput(d) && d.after === false && requiredInSomeBranch(d.newParent, nameOf(d.param)) ? `${subject(d)} was added as part of a new alternative that requires it; calls of the old form match another alternative` : null),
};
