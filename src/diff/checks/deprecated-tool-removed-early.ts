import { deprecationOf, sunsetPassed } from '../deprecation.ts';
import type { DiffCheck } from '../types.ts';

export const deprecatedToolRemovedEarly: DiffCheck = {
  id: 'deprecated-tool-removed-early',
  level: 'breaking',
  description: 'a deprecated tool was removed before its sunset date (or it had none)',
  kinds: ['tool-removed'],
  check: (d, ctx) => {
    const dep = deprecationOf(d.oldTool!);
    if (!dep || sunsetPassed(dep, ctx.now)) return null;
    return dep.sunset
      ? `deprecated tool "${d.tool}" was removed before its sunset ${dep.sunset}`
      : `deprecated tool "${d.tool}" was removed, but its deprecation named no sunset date; set _meta.deprecated.sunset so callers know when it goes`;
  },
};
