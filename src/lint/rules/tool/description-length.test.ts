import { cleanTool, ruleTable } from '../../testing/rule-table.ts';
import { descriptionLength } from './description-length.ts';

ruleTable(descriptionLength, {
  valid: [
    { name: 'in bounds', tools: [cleanTool()] },
    { name: 'custom bounds', tools: [cleanTool({ description: 'Short but allowed.' })], settings: { descriptionMin: 10 } },
  ],
  invalid: [
    { name: 'too short', tools: [cleanTool({ description: 'Echoes back the input string' })], paths: ['$.description'], message: /too short/ },
    { name: 'too long', paths: ['$.description'], tools: [cleanTool({ description: 'Search notes. '.repeat(100) })], message: /over 1024/ },
  ],
});
