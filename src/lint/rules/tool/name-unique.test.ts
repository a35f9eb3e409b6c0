import { cleanTool, ruleTable } from '../../testing/rule-table.ts';
import { nameUnique } from './name-unique.ts';

ruleTable(nameUnique, {
  valid: [{ name: 'distinct', tools: [cleanTool(), cleanTool({ name: 'get_note' })] }],
  invalid: [{ name: 'listed twice', tools: [cleanTool(), cleanTool({ name: 'get_note' }), cleanTool()], paths: ['search_notes:$.name'] }],
});
