import { cleanTool, ruleTable, withProperty } from '../../testing/rule-table.ts';
import { nameSelfDescribing } from './name-self-describing.ts';

ruleTable(nameSelfDescribing, {
  valid: [{ name: 'clear names', tools: [cleanTool()] }],
  invalid: [
    { name: 'run', tools: [cleanTool({ name: 'run' })], paths: ['$.name'] },
    { name: 'tool1', tools: [cleanTool({ name: 'tool1' })], paths: ['$.name'] },
    { name: 'do', tools: [cleanTool({ name: 'do' })], paths: ['$.name'] },
    { name: 'parameter a', tools: [withProperty('a', { type: 'number', default: 0, description: 'First.' })], paths: ['$.inputSchema.properties.a'] },
    { name: 'parameter arg1', tools: [withProperty('arg1', { type: 'string', default: '', description: 'First.' })], paths: ['$.inputSchema.properties.arg1'] },
  ],
});
