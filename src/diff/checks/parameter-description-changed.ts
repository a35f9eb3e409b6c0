import { onInput, subject } from '../check-kit.ts';
import type { DiffCheck } from '../types.ts';

export const parameterDescriptionChanged: DiffCheck = {
  id: 'parameter-description-changed',
  level: 'retest',
  description: "a parameter's description (or the input schema's own) changed",
  kinds: ['keyword'],
  // The input schema's own description (no parameter) is wording too, not a keyword to review.
  check: (d) => (onInput(d) && d.keyword === 'description' ? `description of ${subject(d)} changed; rerun the queries that fill it` : null),
};
