import { sameJson } from '../effective.ts';
import { onInput, show, subject } from '../check-kit.ts';
import type { DiffCheck } from '../types.ts';

export const enumValueAdded: DiffCheck = {
  id: 'enum-value-added',
  level: 'safe',
  description: 'an enum value was added',
  kinds: ['keyword'],
  check: (d) => {
    if (!onInput(d) || d.keyword !== 'enum' || !Array.isArray(d.before) || !Array.isArray(d.after)) return null;
    const added = d.after.filter((v) => !(d.before as unknown[]).some((w) => sameJson(v, w)));
    return added.length ? `${subject(d)} now also accepts ${added.map(show).join(', ')}` : null;
  },
};
