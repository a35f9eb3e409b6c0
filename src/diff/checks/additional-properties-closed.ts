import { onInput, subject } from '../check-kit.ts';
import type { DiffCheck } from '../types.ts';

export const additionalPropertiesClosed: DiffCheck = {
  id: 'additional-properties-closed',
  level: 'breaking',
  description: 'additionalProperties was closed (absent or true became false)',
  kinds: ['keyword'],
  check: (d) => (onInput(d) && d.keyword === 'additionalProperties' && d.before !== false && d.after === false ? `${subject(d)} no longer accepts extra properties; old calls that send any are now invalid` : null),
};
