import { cleanTool, ruleTable } from '../../testing/rule-table.ts';
import { nameConsistentCase } from './name-consistent-case.ts';

ruleTable(nameConsistentCase, {
  valid: [
    { name: 'all snake', tools: [cleanTool(), cleanTool({ name: 'get_note' })] },
    { name: 'single words fit any style', tools: [cleanTool(), cleanTool({ name: 'echo' })] },
  ],
  invalid: [
    { name: 'one kebab among snakes', tools: [cleanTool(), cleanTool({ name: 'get_note' }), cleanTool({ name: 'delete-note' })], paths: ['delete-note:$.name'] },
    { name: 'camel among snakes', tools: [cleanTool(), cleanTool({ name: 'get_note' }), cleanTool({ name: 'deleteNote' })], paths: ['deleteNote:$.name'] },
  ],
});
