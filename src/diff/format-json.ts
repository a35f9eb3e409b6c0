/** The JSON rendering of a diff: the whole result model, 2-space, so `toolproof report` can re-render it. */
import type { ToolproofResult } from '../report/model.ts';

export function formatDiffJson(result: ToolproofResult): string {
  return `${JSON.stringify(result, null, 2)}\n`;
}

export type DiffFormat = 'text' | 'json' | 'markdown';
