import { ruleTable, withProperty } from '../../testing/rule-table.ts';
import { enumValid } from './enum-valid.ts';

ruleTable(enumValid, {
  valid: [{ name: 'unique values', tools: [withProperty('mode', { type: 'string', enum: ['a', 'b'], default: 'a', description: 'Mode.' })] }],
  invalid: [
    { name: 'duplicate in an anyOf branch of a property', tools: [withProperty('mode', { description: 'Mode.', anyOf: [{ type: 'object', properties: { kind: { type: 'string', enum: ['a', 'a'] } } }, { type: 'null' }] })], paths: ['$.inputSchema.properties.mode.anyOf[0].properties.kind.enum[1]'] },
    { name: 'empty', tools: [withProperty('mode', { type: 'string', enum: [], description: 'Mode.' })], paths: ['$.inputSchema.properties.mode.enum'] },
    { name: 'duplicate', tools: [withProperty('mode', { type: 'string', enum: ['a', 'b', 'a'], default: 'a', description: 'Mode.' })], paths: ['$.inputSchema.properties.mode.enum[2]'] },
  ],
});
