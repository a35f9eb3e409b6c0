import { cleanTool, ruleTable, withProperty } from '../../testing/rule-table.ts';
import { noRemoteRef } from './no-remote-ref.ts';

ruleTable(noRemoteRef, {
  valid: [
    { name: 'no refs', tools: [cleanTool()] },
    { name: 'local ref', tools: [withProperty('when', { $ref: '#/$defs/day', description: 'Day.' })] },
  ],
  invalid: [
    { name: 'https ref', tools: [withProperty('geo', { $ref: 'https://example.com/geo.json', description: 'Place.' })], paths: ['$.inputSchema.properties.geo.$ref'] },
    { name: 'relative file ref', tools: [withProperty('geo', { $ref: 'geo.json#/x', description: 'Place.' })], paths: ['$.inputSchema.properties.geo.$ref'] },
  ],
});
