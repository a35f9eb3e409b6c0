import { cleanTool, ruleTable, withProperty } from '../../testing/rule-table.ts';
import { requiredNoDefault } from './required-no-default.ts';

ruleTable(requiredNoDefault, {
  valid: [{ name: 'optional with default', tools: [cleanTool()] }],
  invalid: [{ name: 'required with default', tools: [withProperty('mode', { type: 'string', enum: ['a', 'b'], default: 'a', description: 'Mode.' }, true)], paths: ['$.inputSchema.properties.mode.default'] }],
});
