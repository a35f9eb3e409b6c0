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
    // Lists that are not one fixed choice.
    { name: 'examples, not choices', tools: [withProperty('format', { type: 'string', description: "Output format, e.g. 'json', 'csv' or 'xml'." })] },
    { name: 'such as', tools: [withProperty('lang', { type: 'string', description: "A language code such as 'en', 'de' or 'fr'." })] },
    { name: 'a list that trails off', tools: [withProperty('kind', { type: 'string', description: "Kind of item: 'book', 'thesis', 'report', etc." })] },
    { name: 'several at once', tools: [withProperty('fields', { type: 'string', description: 'Comma-separated fields, one of id, title or author each.' })] },
    { name: 'values from another tool', tools: [withProperty('project', { type: 'string', description: 'One of the project ids returned by list_projects, or a slug.' })] },
    { name: 'a list left open', tools: [withProperty('kind', { type: 'string', description: 'Kind of record. Possible values: note, task, call, or any custom kind you defined.' })] },
  ],
  invalid: [
    { name: 'one of a, b, c', tools: [withProperty('sort', { type: 'string', default: 'new', description: 'Order: one of new, old or relevance.' })], paths: ['$.inputSchema.properties.sort'] },
    { name: 'quoted choices', paths: ['$.inputSchema.properties.unit'], tools: [withProperty('unit', { type: 'string', default: 'c', description: "Unit, 'c', 'f' or 'k'." })] },
    { name: 'literal: examples want an enum too', literal: true, tools: [withProperty('format', { type: 'string', description: "Output format, e.g. 'json', 'csv' or 'xml'." })], paths: ['$.inputSchema.properties.format'] },
    { name: 'pipe list', paths: ['$.inputSchema.properties.unit'], tools: [withProperty('unit', { type: 'string', default: 'c', description: 'Unit (c|f|k).' })] },
  ],
});
