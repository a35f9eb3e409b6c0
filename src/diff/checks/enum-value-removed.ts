import { sameJson } from '../effective.ts';
import { onInput, show, subject } from '../check-kit.ts';
import type { DiffCheck } from '../types.ts';

export const enumValueRemoved: DiffCheck = {
  id: 'enum-value-removed',
  level: 'breaking',
  description: 'an enum value was removed',
  kinds: ['keyword'],
  check: (d) => {
    if (!onInput(d) || d.keyword !== 'enum' || !Array.isArray(d.before) || !Array.isArray(d.after)) return null;
    const gone = d.before.filter((v) => !(d.after as unknown[]).some((w) => sameJson(v, w)));
    return gone.length ? `${subject(d)} no longer accepts ${gone.map(show).join(', ')}; old calls with those values are now invalid` : null;
  },
};
