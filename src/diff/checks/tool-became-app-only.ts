import { isModelVisible } from '../../servers/app-visibility.ts';
import type { DiffCheck } from '../types.ts';

/** MCP Apps: a tool whose `_meta.ui.visibility` dropped "model" is gone for every agent that called it. */
export const toolBecameAppOnly: DiffCheck = {
  id: 'tool-became-app-only',
  level: 'breaking',
  description: 'a tool became app-only (_meta.ui.visibility without "model"): hosts no longer offer it to the model',
  kinds: ['tool-field'],
  check: (d) =>
    d.keyword === '_meta' && d.oldTool && d.newTool && isModelVisible(d.oldTool) && !isModelVisible(d.newTool)
      ? `"${d.tool}" became app-only (_meta.ui.visibility ${JSON.stringify((d.newTool._meta as { ui: { visibility: unknown } }).ui.visibility)}): hosts stop offering it to the model, so every agent that called it fails`
      : null,
};
