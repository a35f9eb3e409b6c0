import { show } from '../check-kit.ts';
import { usesDialectKeywords } from '../dialect-sensitive.ts';
import type { DiffCheck } from '../types.ts';

export const schemaDialectChanged: DiffCheck = {
  id: 'schema-dialect-changed',
  level: 'retest',
  description: 'the JSON Schema dialect ($schema, absent = 2020-12) changed and the schema uses a keyword whose meaning differs between the two',
  kinds: ['keyword'],
  check: (d) => {
    if (d.keyword !== '$schema') return null;
    const used = usesDialectKeywords(d.oldNode) ?? usesDialectKeywords(d.newNode);
    if (!used) return null;
    return `${d.side === 'output' ? 'outputSchema' : 'inputSchema'} dialect changed from ${show(d.before)} to ${show(d.after)}, and it uses ${used}, whose meaning differs between them`;
  },
};
