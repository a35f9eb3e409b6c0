import { cleanTool, ruleTable, withProperty } from '../../testing/rule-table.ts';
import { holdoutTool } from '../../testing/real-tools.ts';
import { preferEnum } from './prefer-enum.ts';

ruleTable(preferEnum, {
  valid: [
    { name: 'an enum already', tools: [withProperty('sort', { type: 'string', enum: ['new', 'old'], default: 'new', description: 'One of new, old.' })] },
    { name: 'free text', tools: [cleanTool()] },
    // @hubspot/mcp-server 0.4.0 (15 such parameters): the listed types are the standard ones, and custom
    // object types are valid too, so an enum of the list would refuse them.
    { name: 'hubspot objectType: "Valid values include: ... For custom objects, use ..."', tools: [holdoutTool('hubspot-list-objects', 'hubspot-list-objects')] },
    { name: 'a list left open', tools: [withProperty('kind', { type: 'string', description: 'Kind of record. Possible values: note, task, call, or any custom kind you defined.' })] },
  ],
  invalid: [
    { name: 'one of a, b, c', tools: [withProperty('sort', { type: 'string', default: 'new', description: 'Order: one of new, old or relevance.' })], paths: ['$.inputSchema.properties.sort'] },
    { name: 'quoted choices', tools: [withProperty('unit', { type: 'string', default: 'c', description: "Unit, 'c', 'f' or 'k'." })] },
    { name: 'pipe list', tools: [withProperty('unit', { type: 'string', default: 'c', description: 'Unit (c|f|k).' })] },
  ],
});
