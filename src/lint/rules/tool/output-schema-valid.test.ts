import { cleanTool, ruleTable } from '../../testing/rule-table.ts';
import { outputSchemaValid } from './output-schema-valid.ts';

const out = (outputSchema: Record<string, unknown>) => cleanTool({ outputSchema });

ruleTable(outputSchemaValid, {
  valid: [
    { name: 'no outputSchema', tools: [cleanTool()] },
    { name: 'object root', tools: [out({ type: 'object', properties: { total: { type: 'integer' } }, required: ['total'] })] },
    { name: 'array root (2026-07-28)', tools: [out({ type: 'array', items: { type: 'string' } })] },
    { name: 'draft-07 with an unknown keyword', tools: [out({ $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', 'x-order': 1 })] },
  ],
  invalid: [
    { name: 'a type that does not exist', paths: ['$.outputSchema.type', '$.outputSchema.type', '$.outputSchema.type'], tools: [out({ type: 'obj' })], message: /not valid 2020-12 JSON Schema/ },
    { name: 'required is not a list', tools: [out({ type: 'object', required: 'total' })], paths: ['$.outputSchema.required'] },
    { name: 'a local $ref to nothing', paths: ['$.outputSchema'], tools: [out({ type: 'object', properties: { a: { $ref: '#/$defs/missing' } } })], message: /does not compile/ },
  ],
});
