import { cleanTool, ruleTable, withProperty } from '../../testing/rule-table.ts';
import { realParameter } from '../../testing/real-tools.ts';
import { propertyDescription } from './property-description.ts';

ruleTable(propertyDescription, {
  valid: [
    { name: 'calibrated: a property of an anyOf branch is the branch\'s detail', tools: [withProperty('cover', { description: 'Cover.', anyOf: [{ type: 'object', properties: { url: { type: 'string' } } }, { type: 'null' }] })] },
    { name: 'described', tools: [cleanTool()] },
    { name: 'described on its anyOf branch (notion patch-page cover)', tools: [realParameter('notion-mcp-server@2.5.2', 'API-patch-page', 'cover')] },
    { name: 'described on the $ref target', tools: [cleanTool({}, { properties: { day: { $ref: '#/$defs/day' } }, required: [], $defs: { day: { type: 'string', description: 'A day, YYYY-MM-DD.' } } })] },
  ],
  invalid: [
    // The conventions read literally: a property nested in a branch wants its description too.
    { name: 'literal: a property of an anyOf branch', literal: true, tools: [withProperty('cover', { description: 'Cover.', anyOf: [{ type: 'object', properties: { url: { type: 'string' } } }, { type: 'null' }] })], paths: ['$.inputSchema.properties.cover.anyOf[0].properties.url'] },
    { name: 'missing', tools: [withProperty('path', { type: 'string' })], paths: ['$.inputSchema.properties.path'] },
    { name: 'blank', tools: [withProperty('path', { type: 'string', description: '  ' })], paths: ['$.inputSchema.properties.path'] },
    { name: 'array item property', tools: [withProperty('edits', { type: 'array', description: 'Edits.', items: { type: 'object', properties: { old: { type: 'string' } } } })], paths: ['$.inputSchema.properties.edits.items.properties.old'] },
    { name: 'branches without descriptions', tools: [withProperty('when', { anyOf: [{ type: 'string' }, { type: 'integer' }] })], paths: ['$.inputSchema.properties.when'] },
  ],
});
