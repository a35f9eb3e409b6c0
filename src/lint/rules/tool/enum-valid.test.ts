import { ruleTable, withProperty } from '../../testing/rule-table.ts';
import { enumValid } from './enum-valid.ts';

ruleTable(enumValid, {
  valid: [{ name: 'unique values', tools: [withProperty('mode', { type: 'string', enum: ['a', 'b'], default: 'a', description: 'Mode.' })] }],
  invalid: [
    { name: 'empty', tools: [withProperty('mode', { type: 'string', enum: [], description: 'Mode.' })], paths: ['$.inputSchema.properties.mode.enum'] },
    { name: 'duplicate', tools: [withProperty('mode', { type: 'string', enum: ['a', 'b', 'a'], default: 'a', description: 'Mode.' })], paths: ['$.inputSchema.properties.mode.enum[2]'] },
  ],
});
