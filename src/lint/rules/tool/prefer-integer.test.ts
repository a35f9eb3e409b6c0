import { cleanTool, ruleTable, withProperty } from '../../testing/rule-table.ts';
import { preferInteger } from './prefer-integer.ts';

ruleTable(preferInteger, {
  valid: [
    { name: 'integer limit', tools: [cleanTool()] },
    { name: 'a real number', tools: [withProperty('temperature', { type: 'number', default: 20, description: 'Degrees Celsius.' })] },
    { name: 'a phone number string', tools: [withProperty('phone_number', { type: 'string', default: '', description: 'Phone, with country code.' })] },
    { name: 'a price cap', tools: [withProperty('max_price', { type: 'number', default: 100, description: 'Highest price in euros.' })] },
  ],
  invalid: [
    { name: 'number limit', tools: [withProperty('max_results', { type: 'number', default: 5, description: 'Cap.' })], paths: ['$.inputSchema.properties.max_results.type'] },
    { name: 'string count by prose', paths: ['$.inputSchema.properties.rows.type'], tools: [withProperty('rows', { type: 'string', default: '5', description: 'How many rows to return.' })] },
    { name: 'last N lines', paths: ['$.inputSchema.properties.tail.type'], tools: [withProperty('tail', { type: 'number', default: 0, description: 'Return only the last N lines.' })] },
  ],
});
