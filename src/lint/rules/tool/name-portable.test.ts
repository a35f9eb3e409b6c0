import { cleanTool, ruleTable } from '../../testing/rule-table.ts';
import { namePortable } from './name-portable.ts';

ruleTable(namePortable, {
  valid: [{ name: 'plain', tools: [cleanTool(), cleanTool({ name: 'get-note' })] }],
  invalid: [
    { name: 'dot', tools: [cleanTool({ name: 'notes.search' })], paths: ['$.name'] },
    { name: 'space', tools: [cleanTool({ name: 'search notes' })], paths: ['$.name'] },
    { name: 'too long', paths: ['$.name'], tools: [cleanTool({ name: 'get_' + 'x'.repeat(61) })], message: /65 characters/ },
  ],
});
