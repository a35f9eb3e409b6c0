import { cleanTool, ruleTable } from '../../testing/rule-table.ts';
import { descriptionSiblingExists } from './description-sibling-exists.ts';

const pointing = cleanTool({ description: 'Search notes. Call when the user wants to find notes. Do NOT use for one known note (use get_note).' });

ruleTable(descriptionSiblingExists, {
  valid: [
    { name: 'sibling exists', tools: [pointing, cleanTool({ name: 'get_note' })] },
    { name: 'names no sibling', tools: [cleanTool()] },
  ],
  invalid: [
    { name: 'sibling missing', tools: [pointing], paths: ['$.description'], message: /get_note/ },
    { name: 'camelCase sibling missing', tools: [cleanTool({ description: 'Search notes. Call when you need notes; use `readNote` for one note.' })], message: /readNote/ },
  ],
});
