import { show } from '../check-kit.ts';
import type { DiffCheck } from '../types.ts';

/** As for tools (`title-changed`): a title is for people choosing from a list, not for calls. */
export const surfaceTitleChanged: DiffCheck = {
  id: 'surface-title-changed',
  level: 'safe',
  description: 'the display title of a prompt, prompt argument, resource or resource template changed',
  kinds: ['prompt-field', 'resource-field'],
  check: (d) => (d.keyword === 'title' ? `${d.path} of ${d.tool.replace(':', ' "')}" changed from ${show(d.before)} to ${show(d.after)}` : null),
};
