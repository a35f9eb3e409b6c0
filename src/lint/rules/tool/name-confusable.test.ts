import { cleanTool, ruleTable } from '../../testing/rule-table.ts';
import { nameConfusable } from './name-confusable.ts';

ruleTable(nameConfusable, {
  valid: [{ name: 'clearly different', tools: [cleanTool({ name: 'get_user' }), cleanTool({ name: 'list_users' })] }],
  invalid: [
    { name: 'plural', tools: [cleanTool({ name: 'get_user' }), cleanTool({ name: 'get_users' })], paths: ['get_users:$.name'] },
    { name: 'separator only', tools: [cleanTool({ name: 'get_note' }), cleanTool({ name: 'getNote' })], paths: ['getNote:$.name'] },
    { name: 'one letter', tools: [cleanTool({ name: 'tag_item' }), cleanTool({ name: 'tab_item' })], paths: ['tab_item:$.name'] },
  ],
});
