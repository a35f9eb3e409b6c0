import { cleanTool, ruleTable } from '../../testing/rule-table.ts';
import { notAllStrings } from './not-all-strings.ts';

const stringly = cleanTool({}, {
  properties: {
    query: { type: 'string', description: 'Words.' },
    limit: { type: 'string', description: 'Cap.' },
    archived: { type: 'string', description: 'Archived too.' },
  },
});

ruleTable(notAllStrings, {
  valid: [
    { name: 'mixed types', tools: [cleanTool()] },
    { name: 'two free strings are fine', tools: [cleanTool({}, { properties: { title: { type: 'string', description: 'T.' }, note: { type: 'string', description: 'N.' } } })] },
    { name: 'enums are narrow strings', tools: [cleanTool({}, { properties: { a: { type: 'string', description: 'A.' }, b: { type: 'string', description: 'B.' }, c: { type: 'string', enum: ['x'], description: 'C.' } } })] },
  ],
  invalid: [{ name: 'three free strings', tools: [stringly], paths: ['$.inputSchema.properties'] }],
});
