import { hasDefault, onInput, subject } from '../check-kit.ts';
import type { DiffCheck } from '../types.ts';

export const requiredParameterAdded: DiffCheck = {
  id: 'required-parameter-added',
  level: 'breaking',
  description: 'a required parameter was added (a default does not make an omitted required value valid)',
  kinds: ['property-added'],
  check: (d) => {
    if (!onInput(d) || d.after !== true) return null;
    const note = hasDefault(d.newNode) ? ' even though it has a default, since required means the caller must send it' : '';
    return `required ${subject(d)} was added${note}; old calls without it are now invalid`;
  },
};
