import { cleanTool, ruleTable } from '../../testing/rule-table.ts';
import { schemaPropertiesRequired } from './schema-properties-required.ts';

ruleTable(schemaPropertiesRequired, {
  valid: [
    { name: 'both present', tools: [cleanTool()] },
    { name: 'no arguments, written out', tools: [cleanTool({ inputSchema: { type: 'object', properties: {}, required: [] } })] },
  ],
  invalid: [
    { name: 'no required', tools: [cleanTool({ inputSchema: { type: 'object', properties: {} } })], paths: ['$.inputSchema.required'] },
    { name: 'neither', tools: [cleanTool({ inputSchema: { type: 'object' } })], paths: ['$.inputSchema.properties', '$.inputSchema.required'] },
  ],
});
