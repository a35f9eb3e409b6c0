import { isModelVisible } from '../../servers/app-visibility.ts';
import type { DiffCheck } from '../types.ts';

/** MCP Apps: an app-only tool the model may now call is, for the model, a new tool. */
export const toolBecameModelVisible: DiffCheck = {
  id: 'tool-became-model-visible',
  level: 'retest',
  description: 'an app-only tool became visible to the model: like an added tool, it can take queries from existing tools',
  kinds: ['tool-field'],
  check: (d) =>
    d.keyword === '_meta' && d.oldTool && d.newTool && !isModelVisible(d.oldTool) && isModelVisible(d.newTool)
      ? `"${d.tool}" was app-only and is now offered to the model; rerun the selection queries, since it can take queries from existing tools`
      : null,
};
