import { cleanTool, ruleTable, withProperty } from '../../testing/rule-table.ts';
import { requiredExists } from './required-exists.ts';

const branchOf = (schemaPatch: Record<string, unknown>) => cleanTool({}, schemaPatch);

ruleTable(requiredExists, {
  valid: [
    { name: 'required exists', tools: [cleanTool()] },
    // A branch's required may name a property its object declares beside the branch.
    { name: 'anyOf branch naming a property of its object', tools: [branchOf({ anyOf: [{ required: ['query'] }, { required: ['limit'] }] })] },
    { name: 'allOf branch naming a property of a sibling branch', tools: [branchOf({ allOf: [{ properties: { tag: { type: 'string' } } }, { required: ['tag'] }] })] },
    { name: 'if/then naming a property of its object', tools: [branchOf({ if: { required: ['limit'] }, then: { required: ['query'] } })] },
  ],
  invalid: [
    { name: 'typo', tools: [cleanTool({}, { required: ['qeury'] })], paths: ['$.inputSchema.required[0]'] },
    { name: 'nested', tools: [withProperty('range', { type: 'object', description: 'Range.', properties: { from: { type: 'integer', description: 'From.' } }, required: ['to'] })], paths: ['$.inputSchema.properties.range.required[0]'] },
    { name: 'typo in an anyOf branch', tools: [branchOf({ anyOf: [{ required: ['query'] }, { required: ['limt'] }] })], paths: ['$.inputSchema.anyOf[1].required[0]'] },
    { name: 'typo in a oneOf branch of a property', tools: [withProperty('target', { description: 'T.', oneOf: [{ type: 'object', properties: { id: { type: 'string' } }, required: ['idd'] }, { type: 'string' }] })], paths: ['$.inputSchema.properties.target.oneOf[0].required[0]'] },
    { name: 'typo in $defs', tools: [branchOf({ $defs: { range: { type: 'object', properties: { from: { type: 'integer' } }, required: ['form'] } } })], paths: ['$.inputSchema.$defs.range.required[0]'] },
    { name: 'typo in additionalProperties', tools: [withProperty('headers', { type: 'object', description: 'H.', additionalProperties: { type: 'object', properties: { value: { type: 'string' } }, required: ['vale'] } })], paths: ['$.inputSchema.properties.headers.additionalProperties.required[0]'] },
    { name: 'typo in the objects of an array', tools: [withProperty('rows', { type: 'array', description: 'R.', items: { type: 'object', properties: { id: { type: 'string' } }, required: ['di'] } })], paths: ['$.inputSchema.properties.rows.items.required[0]'] },
    { name: 'typo in a tuple item', tools: [withProperty('pair', { type: 'array', description: 'P.', items: [{ type: 'object', properties: { a: { type: 'string' } }, required: ['b'] }] })], paths: ['$.inputSchema.properties.pair.items[0].required[0]'] },
  ],
});
