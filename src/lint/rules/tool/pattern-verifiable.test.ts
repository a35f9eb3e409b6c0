import { cleanTool, ruleTable, withProperty } from '../../testing/rule-table.ts';
import { patternVerifiable } from './pattern-verifiable.ts';

ruleTable(patternVerifiable, {
  valid: [
    { name: 'no pattern', tools: [cleanTool()] },
    { name: 'an RE2 pattern, even a catastrophic one for backtracking', tools: [withProperty('code', { type: 'string', pattern: '^(a+)+$', description: 'Code.' })] },
    { name: 'a property named pattern', tools: [withProperty('pattern', { type: 'string', description: 'A glob.' })] },
  ],
  invalid: [
    { name: 'lookahead on a catastrophic pattern', tools: [withProperty('code', { type: 'string', pattern: '^(?=a)(a+)+$', description: 'Code.' })], paths: ['$.inputSchema.properties.code.pattern'], message: /cannot run on a linear-time engine/ },
    { name: 'a backreference in a nested item', tools: [withProperty('pairs', { type: 'array', items: { type: 'object', properties: { p: { type: 'string', pattern: '^(a)\\1$' } } }, description: 'Pairs.' })], paths: ['$.inputSchema.properties.pairs.items.properties.p.pattern'] },
    { name: 'a patternProperties key with lookbehind', tools: [withProperty('tags', { type: 'object', patternProperties: { '^(?<=x)y$': { type: 'string' } }, description: 'Tags.' })], paths: ['$.inputSchema.properties.tags.patternProperties["^(?<=x)y$"]'] },
  ],
});
