import { cleanTool, ruleTable } from '../../testing/rule-table.ts';
import { descriptionSiblingExists } from './description-sibling-exists.ts';

const pointing = cleanTool({ description: 'Search notes. Call when the user wants to find notes. Do NOT use for one known note (use get_note).' });

ruleTable(descriptionSiblingExists, {
  valid: [
    { name: 'sibling exists', tools: [pointing, cleanTool({ name: 'get_note' })] },
    { name: 'names no sibling', tools: [cleanTool()] },
    // Values of a response, not tools (the pagination notes of github-mcp-server, in our words).
    { name: 'a cursor from the previous response', tools: [cleanTool({ description: 'List notes. Call when the user wants to browse notes. For the next page, use the `endCursor` from the previous response as `after`.' })] },
    { name: 'a value as a parameter', tools: [cleanTool({ description: 'List notes. Call when the user wants to browse notes. To page on, use the `nextPage` value as the `page` parameter.' })] },
    { name: 'a list of siblings that exist', tools: [cleanTool({ name: 'get_note', description: 'Read one note. Call when the id is known. Do NOT use for finding (use search_notes, list_notes or tag_note).' }), cleanTool(), cleanTool({ name: 'list_notes' }), cleanTool({ name: 'tag_note' })] },
  ],
  invalid: [
    { name: 'sibling missing', tools: [pointing], paths: ['$.description'], message: /get_note/ },
    { name: 'the second name of a list', tools: [cleanTool({ description: 'Search notes. Call when you need notes. Do NOT use for changes (use search_notes or edit_note).' })], message: /"edit_note"/ },
    { name: 'camelCase sibling missing', tools: [cleanTool({ description: 'Search notes. Call when you need notes; use `readNote` for one note.' })], message: /readNote/ },
  ],
});
