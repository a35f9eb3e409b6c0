import { cleanTool, ruleTable } from '../../testing/rule-table.ts';
import { descriptionNotName } from './description-not-name.ts';

ruleTable(descriptionNotName, {
  valid: [{ name: 'says more', tools: [cleanTool()] }],
  invalid: [
    { name: 'repeats the name', tools: [cleanTool({ description: 'Search notes.' })], paths: ['$.description'] },
    { name: 'the name verbatim', paths: ['$.description'], tools: [cleanTool({ description: 'search_notes' })] },
  ],
});
