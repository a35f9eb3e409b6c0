import { cleanTool, ruleTable, withProperty } from '../../testing/rule-table.ts';
import { realTools } from '../../testing/real-tools.ts';
import { keywordKnown } from './keyword-known.ts';

ruleTable(keywordKnown, {
  valid: [
    { name: 'clean tool', tools: [cleanTool()] },
    { name: 'every 2020-12 keyword, $defs and a vendor extension', tools: [cleanTool({}, { properties: { n: { type: 'integer', minimum: 1, maximum: 9, default: 2, description: 'N.', 'x-order': 1 }, day: { $ref: '#/$defs/day', description: 'Day.' } }, $defs: { day: { type: 'string', format: 'date', examples: ['2026-01-01'] } } })] },
    { name: 'a property named like a misspelt keyword is a name, not a keyword', tools: [withProperty('requried', { type: 'string', description: 'A name.' })] },
    { name: 'enum values and defaults are data', tools: [withProperty('mode', { type: 'string', enum: ['nullable', 'example'], default: 'example', description: 'Mode.' })] },
    { name: 'notion-mcp-server 2.5.2, every tool as listed', tools: realTools('notion-mcp-server@2.5.2') },
  ],
  invalid: [
    { name: 'a misspelt keyword gets its likely meaning', tools: [withProperty('q', { type: 'string', description: 'Query.', maxLenght: 20 })], paths: ['$.inputSchema.properties.q.maxLenght'], message: /did you mean "maxLength"/ },
    { name: 'OpenAPI example is ignored by JSON Schema', tools: [withProperty('q', { type: 'string', description: 'Query.', example: 'coral' })], paths: ['$.inputSchema.properties.q.example'], message: /validators ignore it/ },
  ],
});
