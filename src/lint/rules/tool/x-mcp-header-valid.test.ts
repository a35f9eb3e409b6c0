import { cleanTool, ruleTable, withProperty } from '../../testing/rule-table.ts';
import { xMcpHeaderValid } from './x-mcp-header-valid.ts';

const headed = (schema: Record<string, unknown>) => withProperty('region', { type: 'string', description: 'Where.', ...schema });
const at = '$.inputSchema.properties.region["x-mcp-header"]';

ruleTable(xMcpHeaderValid, {
  valid: [
    { name: 'no headers', tools: [cleanTool()] },
    { name: 'a string property with a token name', tools: [headed({ 'x-mcp-header': 'Region' })] },
    { name: 'a nested property reached through properties', tools: [withProperty('target', { type: 'object', description: 'T.', properties: { zone: { type: 'integer', 'x-mcp-header': 'Zone-Id' } } })] },
  ],
  invalid: [
    { name: 'space in the name', tools: [headed({ 'x-mcp-header': 'My Region' })], paths: [at], message: /not a valid HTTP header name/ },
    { name: 'colon in the name', tools: [headed({ 'x-mcp-header': 'Region:' })], paths: [at] },
    { name: 'empty', tools: [headed({ 'x-mcp-header': '' })], paths: [at], message: /non-empty/ },
    { name: 'on an array property', tools: [headed({ type: 'array', 'x-mcp-header': 'Region' })], paths: [at], message: /string, integer or boolean/ },
    { name: 'on a number property (the spec admits string, integer, boolean)', paths: ['$.inputSchema.properties.region["x-mcp-header"]'], tools: [headed({ type: 'number', 'x-mcp-header': 'Region' })], message: /this one is number/ },
    { name: 'under items', tools: [withProperty('tags', { type: 'array', description: 'T.', items: { type: 'string', 'x-mcp-header': 'Tag' } })], paths: ['$.inputSchema.properties.tags.items["x-mcp-header"]'], message: /chain of "properties"/ },
    { name: 'under anyOf', paths: ['$.inputSchema.properties.key.anyOf[0]["x-mcp-header"]'], tools: [withProperty('key', { description: 'K.', anyOf: [{ type: 'string', 'x-mcp-header': 'Key' }] })], message: /chain of "properties"/ },
    {
      name: 'two properties, one header name in another case',
      tools: [cleanTool({}, { properties: { a: { type: 'string', description: 'A.', 'x-mcp-header': 'Region' }, b: { type: 'string', description: 'B.', 'x-mcp-header': 'region' } }, required: [] })],
      paths: ['$.inputSchema.properties.b["x-mcp-header"]'],
      message: /repeats "Region"/,
    },
  ],
});
