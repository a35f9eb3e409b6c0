import { deprecationOf, predecessorNames } from '../deprecation.ts';
import type { DiffCheck } from '../types.ts';

export const versionedToolPredecessorActive: DiffCheck = {
  id: 'versioned-tool-predecessor-active',
  level: 'retest',
  description: 'a `_vN` tool was added while its predecessor is still listed and not deprecated',
  kinds: ['tool-added', 'tool-renamed'],
  check: (d, ctx) => {
    const names = predecessorNames(d.tool);
    const live = ctx.newTools.find((t) => names.includes(t.name) && !deprecationOf(t));
    return live ? `tool "${d.tool}" is a new version of "${live.name}", which is still listed and not deprecated; mark "${live.name}" deprecated (spec 9.2) so the two do not split queries` : null;
  },
};
