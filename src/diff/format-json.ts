/** The JSON rendering of a diff: the whole result model, 2-space, so `toolvet report` can re-render it. */
import type { ToolvetResult } from '../report/model.ts';

export function formatDiffJson(result: ToolvetResult): string {
  return `${JSON.stringify(result, null, 2)}\n`;
}

export type DiffFormat = 'text' | 'json' | 'markdown';
