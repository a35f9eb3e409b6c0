import { onInput, subject } from '../check-kit.ts';
import type { DiffCheck } from '../types.ts';

export const parameterDescriptionChanged: DiffCheck = {
  id: 'parameter-description-changed',
  level: 'retest',
  description: "a parameter's description changed",
  kinds: ['keyword'],
  check: (d) => (onInput(d) && d.keyword === 'description' && d.param ? `description of ${subject(d)} changed; rerun the queries that fill it` : null),
};
