import { cleanTool, ruleTable, withProperty } from '../../testing/rule-table.ts';
import { optionalHasDefault } from './optional-has-default.ts';

ruleTable(optionalHasDefault, {
  valid: [{ name: 'optional with default', tools: [cleanTool()] }],
  invalid: [{ name: 'optional without default', tools: [withProperty('tag', { type: 'string', description: 'Only notes with this tag.' })], paths: ['$.inputSchema.properties.tag'] }],
});
