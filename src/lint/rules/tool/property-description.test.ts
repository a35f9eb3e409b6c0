import { cleanTool, ruleTable, withProperty } from '../../testing/rule-table.ts';
import { propertyDescription } from './property-description.ts';

ruleTable(propertyDescription, {
  valid: [{ name: 'described', tools: [cleanTool()] }],
  invalid: [
    { name: 'missing', tools: [withProperty('path', { type: 'string' })], paths: ['$.inputSchema.properties.path'] },
    { name: 'blank', tools: [withProperty('path', { type: 'string', description: '  ' })], paths: ['$.inputSchema.properties.path'] },
    { name: 'array item property', tools: [withProperty('edits', { type: 'array', description: 'Edits.', items: { type: 'object', properties: { old: { type: 'string' } } } })], paths: ['$.inputSchema.properties.edits.items.properties.old'] },
  ],
});
