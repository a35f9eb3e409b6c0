import { onInput, show, subject } from '../check-kit.ts';
import type { DiffCheck } from '../types.ts';

export const enumAdded: DiffCheck = {
  id: 'enum-added',
  level: 'breaking',
  description: 'a free value became an enum',
  kinds: ['keyword'],
  check: (d) => (onInput(d) && d.keyword === 'enum' && d.before === undefined && Array.isArray(d.after) ? `${subject(d)} was free and now only accepts ${show(d.after)}; old calls with other values are now invalid` : null),
};
