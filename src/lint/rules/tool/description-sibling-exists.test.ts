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
    // A value the model is told to pass (the shapes of a new server's descriptions, in our words).
    { name: 'a value named like one: use projectSlug', tools: [cleanTool({ description: 'List issues. Call when the user asks about issues. To narrow to one project, use projectSlug as well.' })] },
    { name: 'a value that is a parameter of another tool', tools: [cleanTool({ description: 'List runs. Call when the user asks about runs. To narrow, use run_scope.' }), cleanTool({ name: 'get_note' }, { properties: { run_scope: { type: 'string', description: 'Scope.' } } })] },
    { name: 'a term of art: (use SHA-256 instead)', tools: [cleanTool({ description: 'Hash a file. Call when a checksum is needed. MD5 is accepted but weak (use SHA-256 instead).' })] },
    { name: 'a header name: use Content-Type', tools: [cleanTool({ description: 'Send a request. Call when the user wants to post data. For JSON bodies use Content-Type and a JSON string.' })] },
    { name: 'a list of siblings that exist', tools: [cleanTool({ name: 'get_note', description: 'Read one note. Call when the id is known. Do NOT use for finding (use search_notes, list_notes or tag_note).' }), cleanTool(), cleanTool({ name: 'list_notes' }), cleanTool({ name: 'tag_note' })] },
  ],
  invalid: [
    { name: 'sibling missing', tools: [pointing], paths: ['$.description'], message: /get_note/ },
    { name: 'the second name of a list', paths: ['$.description'], tools: [cleanTool({ description: 'Search notes. Call when you need notes. Do NOT use for changes (use search_notes or edit_note).' })], message: /"edit_note"/ },
    { name: 'a verb-first name ending in a value word is still a tool', tools: [cleanTool({ description: 'Search notes. Call when you need notes; use get_note_by_id for one note.' })], paths: ['$.description'], message: /get_note_by_id/ },
    { name: 'a name with a version is still a tool', tools: [cleanTool({ description: 'Search notes. Call when you need notes; use search_notes_v2 for tags.' })], paths: ['$.description'], message: /search_notes_v2/ },
    { name: 'camelCase sibling missing', paths: ['$.description'], tools: [cleanTool({ description: 'Search notes. Call when you need notes; use `readNote` for one note.' })], message: /readNote/ },
  ],
});
