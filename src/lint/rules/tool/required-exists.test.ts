import { cleanTool, ruleTable, withProperty } from '../../testing/rule-table.ts';
import { requiredExists } from './required-exists.ts';

ruleTable(requiredExists, {
  valid: [{ name: 'required exists', tools: [cleanTool()] }],
  invalid: [
    { name: 'typo', tools: [cleanTool({}, { required: ['qeury'] })], paths: ['$.inputSchema.required[0]'] },
    { name: 'nested', tools: [withProperty('range', { type: 'object', description: 'Range.', properties: { from: { type: 'integer', description: 'From.' } }, required: ['to'] })], paths: ['$.inputSchema.properties.range.required[0]'] },
  ],
});
