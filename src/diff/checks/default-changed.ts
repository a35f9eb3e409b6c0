import { onInput, show, subject } from '../check-kit.ts';
import type { DiffCheck } from '../types.ts';

export const defaultChanged: DiffCheck = {
  id: 'default-changed',
  level: 'retest',
  description: "a parameter's default was added, changed or removed: omitting it now means something else",
  kinds: ['keyword'],
  check: (d) => {
    if (!onInput(d) || d.keyword !== 'default') return null;
    const what = d.before === undefined ? `gained default ${show(d.after)}` : d.after === undefined ? `lost its default ${show(d.before)}` : `default changed from ${show(d.before)} to ${show(d.after)}`;
    return `${subject(d)} ${what}; calls that omit it now mean something else`;
  },
};
