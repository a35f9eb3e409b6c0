import { deprecationOf, sunsetPassed } from '../deprecation.ts';
import type { DiffCheck } from '../types.ts';

export const deprecatedToolRemoved: DiffCheck = {
  id: 'deprecated-tool-removed',
  level: 'safe',
  description: 'a deprecated tool was removed after its sunset date',
  kinds: ['tool-removed'],
  check: (d, ctx) => {
    const dep = deprecationOf(d.oldTool!);
    return dep && sunsetPassed(dep, ctx.now) ? `deprecated tool "${d.tool}" was removed after its sunset ${dep.sunset}` : null;
  },
};
