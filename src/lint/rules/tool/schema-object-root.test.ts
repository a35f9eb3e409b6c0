import { cleanTool, ruleTable } from '../../testing/rule-table.ts';
import { schemaObjectRoot } from './schema-object-root.ts';

ruleTable(schemaObjectRoot, {
  valid: [{ name: 'object schema', tools: [cleanTool()] }],
  invalid: [
    { name: 'array root', tools: [cleanTool({}, { type: 'array' })], paths: ['$.inputSchema.type'] },
    { name: 'no type', tools: [cleanTool({ inputSchema: { properties: {} } })], paths: ['$.inputSchema.type'], message: /has no "type"/ },
    // @modelcontextprotocol/server-gitlab 2025.4.25 lists every tool with only a $schema (the message said "type is null").
    { name: 'only a $schema (server-gitlab)', tools: [cleanTool({ inputSchema: { $schema: 'http://json-schema.org/draft-07/schema#' } })], paths: ['$.inputSchema.type'], message: /^inputSchema has no "type"; it must be "object"/ },
    { name: 'type null', paths: ['$.inputSchema.type'], tools: [cleanTool({ inputSchema: { type: null as never } })], message: /inputSchema.type is null/ },
    { name: 'not an object', tools: [cleanTool({ inputSchema: null as never })], paths: ['$.inputSchema'] },
  ],
});
