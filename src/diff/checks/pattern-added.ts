import { onInput, show, subject } from '../check-kit.ts';
import type { DiffCheck } from '../types.ts';

export const patternAdded: DiffCheck = {
  id: 'pattern-added',
  level: 'breaking',
  description: 'a pattern was added where there was none',
  kinds: ['keyword'],
  check: (d) => (onInput(d) && d.keyword === 'pattern' && d.before === undefined && d.after !== undefined ? `${subject(d)} gained pattern ${show(d.after)}; old calls that do not match it are now invalid` : null),
};
