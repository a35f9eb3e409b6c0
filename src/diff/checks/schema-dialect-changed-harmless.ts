import { show } from '../check-kit.ts';
import { usesDialectKeywords } from '../dialect-sensitive.ts';
import type { DiffCheck } from '../types.ts';

export const schemaDialectChangedHarmless: DiffCheck = {
  id: 'schema-dialect-changed-harmless',
  level: 'safe',
  description: 'the JSON Schema dialect changed, but the schema uses no keyword whose meaning differs between the two',
  kinds: ['keyword'],
  check: (d) => {
    if (d.keyword !== '$schema' || usesDialectKeywords(d.oldNode) || usesDialectKeywords(d.newNode)) return null;
    return `${d.side === 'output' ? 'outputSchema' : 'inputSchema'} dialect changed from ${show(d.before)} to ${show(d.after)}; it uses no keyword whose meaning differs between them, so it accepts the same`;
  },
};
