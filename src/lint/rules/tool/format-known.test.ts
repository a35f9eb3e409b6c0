import { cleanTool, ruleTable, withProperty } from '../../testing/rule-table.ts';
import { realTool } from '../../testing/real-tools.ts';
import { formatKnown } from './format-known.ts';

ruleTable(formatKnown, {
  valid: [
    { name: 'no format', tools: [cleanTool()] },
    { name: 'known formats', tools: [withProperty('when', { type: 'string', format: 'date-time', description: 'When.' }), withProperty('id', { type: 'string', format: 'uuid', description: 'Id.' })] },
    { name: 'a property named format', tools: [withProperty('format', { type: 'string', enum: ['json', 'md'], default: 'md', description: 'Output format.' })] },
    { name: 'format inside a default value', tools: [withProperty('opts', { type: 'object', default: { format: 'json' }, description: 'Options.' })] },
  ],
  invalid: [
    { name: 'unknown format', tools: [withProperty('doc', { type: 'string', format: 'markdown', description: 'Doc.' })], paths: ['$.inputSchema.properties.doc.format'], message: /"markdown"/ },
    { name: 'unknown format in $defs and items', tools: [cleanTool({}, { properties: { rows: { type: 'array', items: { $ref: '#/$defs/row' }, description: 'Rows.' } }, $defs: { row: { type: 'string', format: 'csv' } } })], paths: ['$.inputSchema.$defs.row.format'] },
    { name: 'notion-mcp-server API-post-page (cover: format "json")', tools: [realTool('notion-mcp-server@2.5.2', 'API-post-page')], paths: ['$.inputSchema.properties.cover.format', '$.inputSchema.properties.icon.format'], message: /"json"/ },
  ],
});
