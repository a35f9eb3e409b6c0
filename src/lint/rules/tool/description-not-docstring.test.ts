import { cleanTool, ruleTable } from '../../testing/rule-table.ts';
import { descriptionNotDocstring } from './description-not-docstring.ts';

ruleTable(descriptionNotDocstring, {
  valid: [{ name: 'prose', tools: [cleanTool()] }],
  invalid: [
    { name: 'Args/Returns', tools: [cleanTool({ description: 'Search notes.\n\nArgs:\n    query: words\n\nReturns:\n    notes' })], paths: ['$.description'] },
    { name: '@param', tools: [cleanTool({ description: 'Search notes. @param query the words' })] },
    { name: ':param x:', tools: [cleanTool({ description: 'Search notes. :param query: the words' })] },
  ],
});
