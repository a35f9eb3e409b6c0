import type { DiffCheck } from '../types.ts';

export const descriptionChanged: DiffCheck = {
  id: 'description-changed',
  level: 'retest',
  description: "the tool's description changed: model behaviour depends on wording",
  kinds: ['tool-description'],
  check: (d) => `description of "${d.tool}" changed; rerun the selection queries (spec 9.3), since wording moves which tool a model picks`,
};
