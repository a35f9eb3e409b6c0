import { onInput, subject } from '../check-kit.ts';
import type { DiffCheck } from '../types.ts';

export const additionalPropertiesOpened: DiffCheck = {
  id: 'additional-properties-opened',
  level: 'safe',
  description: 'additionalProperties was opened (false became absent or true)',
  kinds: ['keyword'],
  check: (d) => (onInput(d) && d.keyword === 'additionalProperties' && d.before === false && d.after !== false ? `${subject(d)} now accepts extra properties (additionalProperties was false)` : null),
};
