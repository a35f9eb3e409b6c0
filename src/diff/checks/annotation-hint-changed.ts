import type { DiffCheck } from '../types.ts';

export const annotationHintChanged: DiffCheck = {
  id: 'annotation-hint-changed',
  level: 'safe',
  description: 'another behaviour hint changed (became read-only, non-destructive, idempotent, or openWorldHint changed)',
  kinds: ['tool-annotation'],
  check: (d) => {
    const breaking = (d.keyword === 'readOnlyHint' && d.before === true) || (d.keyword === 'destructiveHint' && d.before === false) || (d.keyword === 'idempotentHint' && d.before === true);
    return breaking ? null : `${d.keyword} of "${d.tool}" changed from ${String(d.before)} to ${String(d.after)} (effective values; absent hints take MCP defaults)`;
  },
};
