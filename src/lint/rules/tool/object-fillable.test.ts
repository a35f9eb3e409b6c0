import { cleanTool, ruleTable, withProperty } from '../../testing/rule-table.ts';
import { realParameter, realTool } from '../../testing/real-tools.ts';
import { objectFillable } from './object-fillable.ts';

const closedEmpty = { type: 'object', additionalProperties: false, description: 'Extra HTTP headers to send.' };

ruleTable(objectFillable, {
  valid: [
    { name: 'no object parameters', tools: [cleanTool()] },
    { name: 'a tool without parameters may close its root', tools: [cleanTool({}, { properties: {}, required: [] })] },
    { name: 'free-form object', tools: [withProperty('headers', { type: 'object', default: {}, description: 'Headers.' })] },
    { name: 'string map', tools: [withProperty('headers', { type: 'object', additionalProperties: { type: 'string' }, default: {}, description: 'Headers.' })] },
    { name: 'closed object with properties', tools: [withProperty('range', { type: 'object', properties: { from: { type: 'integer' } }, additionalProperties: false, description: 'Range.' })] },
    { name: 'pattern properties', tools: [withProperty('labels', { type: 'object', patternProperties: { '^[a-z]+$': { type: 'string' } }, additionalProperties: false, description: 'Labels.' })] },
    { name: 'properties from a composition are not guessed', tools: [withProperty('opts', { type: 'object', allOf: [{ properties: { a: { type: 'string' } } }], unevaluatedProperties: false, description: 'Options.' })] },
    { name: 'said to be empty on purpose', tools: [withProperty('title', { ...closedEmpty, description: 'Pass an empty object to make this the title column.' })] },
    // notion's `"title": {}` sits in a oneOf branch of a property configuration: a marker, not a parameter.
    { name: 'notion-mcp-server API-create-a-database', tools: [realTool('notion-mcp-server@1.9.1', 'API-create-a-database')] },
  ],
  invalid: [
    { name: 'no properties and additionalProperties false', tools: [withProperty('headers', closedEmpty)], paths: ['$.inputSchema.properties.headers'], message: /accepts only \{\}/ },
    { name: 'additionalProperties {"not": {}}', paths: ['$.inputSchema.properties.headers'], tools: [withProperty('headers', { ...closedEmpty, additionalProperties: { not: {} } })] },
    { name: 'unevaluatedProperties false', paths: ['$.inputSchema.properties.headers'], tools: [withProperty('headers', { type: 'object', properties: {}, unevaluatedProperties: false, description: 'H.' })], message: /unevaluatedProperties/ },
    { name: 'maxProperties 0', paths: ['$.inputSchema.properties.headers'], tools: [withProperty('headers', { type: 'object', maxProperties: 0, description: 'H.' })], message: /maxProperties/ },
    { name: 'array items', tools: [withProperty('rows', { type: 'array', items: { type: 'object', additionalProperties: false }, description: 'Rows.' })], paths: ['$.inputSchema.properties.rows.items'] },
    // firecrawl-mcp 3.26.0: free-form records (zod z.record) listed as closed empty objects.
    { name: 'firecrawl_crawl webhookHeaders', tools: [realParameter('firecrawl-mcp@3.26.0', 'firecrawl_crawl', 'webhookHeaders')], paths: ['$.inputSchema.properties.webhookHeaders'] },
    { name: 'firecrawl_scrape jsonOptions.schema, nested', tools: [realTool('firecrawl-mcp@3.26.0', 'firecrawl_scrape')], paths: ['$.inputSchema.properties.jsonOptions.properties.schema'] },
  ],
});
