import { cleanTool, ruleTable, withProperty } from '../../testing/rule-table.ts';
import { schemaObjectRoot } from './schema-object-root.ts';

ruleTable(schemaObjectRoot, {
  valid: [{ name: 'object schema', tools: [cleanTool()] }],
  invalid: [
    { name: 'array root', tools: [cleanTool({}, { type: 'array' })], paths: ['$.inputSchema.type'] },
    { name: 'no type', tools: [cleanTool({ inputSchema: { properties: {} } })], paths: ['$.inputSchema.type'] },
    { name: 'not an object', tools: [cleanTool({ inputSchema: null as never })], paths: ['$.inputSchema'] },
  ],
});
