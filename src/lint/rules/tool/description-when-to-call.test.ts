import { cleanTool, ruleTable } from '../../testing/rule-table.ts';
import { descriptionWhenToCall } from './description-when-to-call.ts';

ruleTable(descriptionWhenToCall, {
  valid: [
    { name: 'call when the user', tools: [cleanTool()] },
    { name: 'use this tool when', tools: [cleanTool({ description: 'Reads a file. Use this tool when you need the text of one file.' })] },
  ],
  invalid: [{ name: 'only what it does', tools: [cleanTool({ description: 'Returns the sum of two numbers as a number.' })], paths: ['$.description'] }],
});
