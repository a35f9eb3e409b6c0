import { isClosed, propertiesOf } from '../effective.ts';
import { onInput, subject } from '../check-kit.ts';
import type { Delta, DiffCheck } from '../types.ts';

/**
 * A nested open object that declares no properties passes every key through (a map such as Notion's
 * page `properties`): nothing was removed, only its description. The tool's own arguments object is
 * never a map: there, no declared properties means no parameters.
 */
export const isFreeForm = (parent: Record<string, unknown> | undefined, d?: Delta): boolean =>
  !!parent && (d === undefined || (d.steps?.length ?? 0) > 1) && !isClosed(parent) && Object.keys(propertiesOf(parent)).length === 0 && parent.patternProperties === undefined;

export const parameterNoLongerDescribed: DiffCheck = {
  id: 'parameter-no-longer-described',
  level: 'retest',
  decidedByCalls: true,
  description: 'a parameter of an object that became free-form (open, no declared properties): calls that send it still pass through, but the model no longer sees its schema',
  kinds: ['property-removed'],
  check: (d: Delta) => {
    if (!onInput(d) || !isFreeForm(d.newParent, d)) return null;
    const owner = d.param?.includes('.') ? `"${d.param.slice(0, d.param.lastIndexOf('.'))}"` : 'the input';
    return `${subject(d)} is no longer described: ${owner} now accepts any object, so calls that send it still pass it on, but the model no longer sees its schema`;
  },
};
