import { cleanTool, ruleTable, withProperty } from '../../testing/rule-table.ts';
import { preferArray } from './prefer-array.ts';

ruleTable(preferArray, {
  valid: [{ name: 'array of strings', tools: [withProperty('tags', { type: 'array', items: { type: 'string' }, default: [], description: 'Tags, as a list.' })] }],
  invalid: [
    { name: 'comma-separated', tools: [withProperty('tags', { type: 'string', default: '', description: 'Comma-separated tags.' })], paths: ['$.inputSchema.properties.tags.type'] },
    { name: 'list of', tools: [withProperty('ids', { type: 'string', default: '', description: 'A list of note ids.' })] },
  ],
});
