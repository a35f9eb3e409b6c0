import { cleanTool, ruleTable, withProperty } from '../../testing/rule-table.ts';
import { propertyType } from './property-type.ts';

ruleTable(propertyType, {
  valid: [
    { name: 'typed', tools: [cleanTool()] },
    { name: 'enum fixes the type', tools: [withProperty('mode', { enum: ['a', 'b'], default: 'a', description: 'Mode.' })] },
  ],
  invalid: [
    { name: 'untyped', tools: [withProperty('when', { description: 'Any date.' })], paths: ['$.inputSchema.properties.when'] },
    { name: 'untyped nested', tools: [withProperty('filter', { type: 'object', description: 'Filter.', properties: { tag: { description: 'Tag.' } } })], paths: ['$.inputSchema.properties.filter.properties.tag'] },
  ],
});
