import type { DiffCheck } from '../types.ts';

export const toolAdded: DiffCheck = {
  id: 'tool-added',
  level: 'retest',
  description: 'a tool was added: it can take queries from existing tools',
  kinds: ['tool-added'],
  check: (d) => `tool "${d.tool}" was added; rerun the selection queries, since it can take queries from existing tools`,
};
