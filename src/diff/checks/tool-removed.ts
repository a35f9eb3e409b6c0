import { deprecationOf } from '../deprecation.ts';
import type { DiffCheck } from '../types.ts';

export const toolRemoved: DiffCheck = {
  id: 'tool-removed',
  level: 'breaking',
  description: 'a tool was removed (and was not deprecated)',
  kinds: ['tool-removed'],
  check: (d) => (deprecationOf(d.oldTool!) ? null : `tool "${d.tool}" was removed; every caller that uses it now fails`),
};
