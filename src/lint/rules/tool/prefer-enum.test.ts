import { cleanTool, ruleTable, withProperty } from '../../testing/rule-table.ts';
import { preferEnum } from './prefer-enum.ts';

ruleTable(preferEnum, {
  valid: [
    { name: 'an enum already', tools: [withProperty('sort', { type: 'string', enum: ['new', 'old'], default: 'new', description: 'One of new, old.' })] },
    { name: 'free text', tools: [cleanTool()] },
  ],
  invalid: [
    { name: 'one of a, b, c', tools: [withProperty('sort', { type: 'string', default: 'new', description: 'Order: one of new, old or relevance.' })], paths: ['$.inputSchema.properties.sort'] },
    { name: 'quoted choices', tools: [withProperty('unit', { type: 'string', default: 'c', description: "Unit, 'c', 'f' or 'k'." })] },
    { name: 'pipe list', tools: [withProperty('unit', { type: 'string', default: 'c', description: 'Unit (c|f|k).' })] },
  ],
});
