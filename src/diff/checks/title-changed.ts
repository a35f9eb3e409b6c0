import { show, subject } from '../check-kit.ts';
import type { DiffCheck } from '../types.ts';

export const titleChanged: DiffCheck = {
  id: 'title-changed',
  level: 'safe',
  description: "a display title changed (the tool's or a parameter's)",
  kinds: ['tool-title', 'keyword'],
  check: (d) => {
    if (d.kind === 'tool-title') return `title of "${d.tool}" changed from ${show(d.before)} to ${show(d.after)}`;
    return d.keyword === 'title' ? `title of ${subject(d)} changed from ${show(d.before)} to ${show(d.after)}` : null;
  },
};
