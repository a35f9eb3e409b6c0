import { cleanTool, ruleTable, withProperty } from '../../testing/rule-table.ts';
import { holdoutTool, realTool } from '../../testing/real-tools.ts';
import { schemaValid } from './schema-valid.ts';

ruleTable(schemaValid, {
  valid: [
    { name: '2020-12 by default', tools: [cleanTool()] },
    { name: 'draft-07 declared', tools: [cleanTool({}, { $schema: 'http://json-schema.org/draft-07/schema#' })] },
    { name: 'local $ref to $defs', tools: [withProperty('when', { $ref: '#/$defs/day', description: 'Day.' })].map((t) => ({ ...t, inputSchema: { ...t.inputSchema, $defs: { day: { type: 'string', format: 'date' } } } })) },
    // JSON Schema makes format an annotation: an unknown name is legal and checks nothing (format-known notes it).
    { name: 'unknown format', tools: [withProperty('day', { type: 'string', format: 'weekday', description: 'Day.' })] },
    { name: 'unknown format in draft-07', tools: [withProperty('day', { type: 'string', format: 'weekday', description: 'Day.' })].map((t) => ({ ...t, inputSchema: { ...t.inputSchema, $schema: 'http://json-schema.org/draft-07/schema#' } })) },
    // notion-mcp-server's API-post-page as listed: its cover and icon carry `format: "json"`.
    { name: 'notion-mcp-server API-post-page (format "json")', tools: [realTool('notion-mcp-server@2.5.2', 'API-post-page'), realTool('notion-mcp-server@1.9.1', 'API-post-page')] },
    { name: 'a property named "format" is not the keyword', tools: [withProperty('format', { type: 'string', enum: ['md', 'html'], default: 'md', description: 'Output format.' })] },
    // @cloudflare/mcp-server-cloudflare 0.2.0 worker_put: `items` on an object parameter is legal JSON Schema
    // (it applies to arrays only, so it is ignored); only Ajv's strictTypes refuses it, and Ajv's default only logs.
    { name: 'cloudflare worker_put: items on an object (strictTypes)', tools: [holdoutTool('cloudflare-worker-put', 'worker_put')] },
    { name: 'minimum on a string', tools: [withProperty('q', { type: 'string', minimum: 1, description: 'Query.' })] },
    // JSON Schema ignores keywords it does not define: OpenAPI's nullable and example are legal (keyword-known notes them).
    { name: 'unknown keywords (OpenAPI nullable, example)', tools: [withProperty('tag', { type: 'string', description: 'Tag.', nullable: true, example: 'urgent' })] },
    { name: 'remote $ref is left to no-remote-ref', tools: [withProperty('geo', { $ref: 'https://example.com/geo.json', description: 'Place.' })] },
  ],
  invalid: [
    { name: 'required: false', paths: ['$.inputSchema.properties.tag.required'], tools: [withProperty('tag', { type: 'string', description: 'Tag.', required: false })], message: /2020-12/ },
    { name: 'bad type name', paths: ['$.inputSchema.properties.n.type', '$.inputSchema.properties.n.type', '$.inputSchema.properties.n.type'], tools: [withProperty('n', { type: 'int', description: 'N.' })], message: /valid 2020-12/ },
    { name: 'draft-07 with 2020 keyword misuse', paths: ['$.inputSchema.required'], tools: [cleanTool({}, { $schema: 'http://json-schema.org/draft-07/schema#', required: 'query' })], message: /draft-07/ },
    { name: 'unknown dialect', tools: [cleanTool({}, { $schema: 'https://example.com/my-dialect' })], paths: ['$.inputSchema.$schema'] },
    { name: 'local $ref to nowhere', paths: ['$.inputSchema'], tools: [withProperty('when', { $ref: '#/$defs/missing', description: 'Day.' })], message: /missing|resolve/ },
    { name: 'format that is not a string', tools: [withProperty('day', { type: 'string', format: 7, description: 'Day.' })], paths: ['$.inputSchema.properties.day.format'] },
  ],
});
