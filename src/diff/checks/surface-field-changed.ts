import { show } from '../check-kit.ts';
import type { DiffCheck } from '../types.ts';

/** The fallback for prompts and resources: a title, icon, annotation or other field changed. */
export const surfaceFieldChanged: DiffCheck = {
  id: 'surface-field-changed',
  level: 'retest',
  description: 'another field of a prompt, prompt argument, resource or resource template changed (title, icons, annotations, ...)',
  kinds: ['prompt-field', 'resource-field'],
  fallback: true,
  check: (d) => `${d.path} of ${d.tool.replace(':', ' "')}" changed from ${show(d.before)} to ${show(d.after)}`,
};
