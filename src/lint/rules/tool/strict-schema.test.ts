import { cleanTool, ruleTable } from '../../testing/rule-table.ts';
import { strictSchema } from './strict-schema.ts';

const strict = cleanTool({}, {
  properties: {
    query: { type: 'string', description: 'Words.' },
    limit: { type: ['integer', 'null'], description: 'Cap, or null for 10.' },
  },
  required: ['query', 'limit'],
});

ruleTable(strictSchema, {
  valid: [{ name: 'all required, closed', tools: [strict] }],
  invalid: [
    { name: 'an optional property', tools: [cleanTool()], paths: ['$.inputSchema.properties.limit'] },
    { name: 'open object', tools: [cleanTool({}, { additionalProperties: true, required: ['query', 'limit'] })], paths: ['$.inputSchema.additionalProperties'] },
  ],
});
