import { cleanTool, ruleTable, withProperty } from '../../testing/rule-table.ts';
import { descriptionNoImplementation } from './description-no-implementation.ts';

ruleTable(descriptionNoImplementation, {
  valid: [{ name: 'behaviour only', tools: [cleanTool()] }],
  invalid: [
    { name: 'SQL', tools: [cleanTool({ description: 'Runs SELECT * FROM notes WHERE body LIKE the query.' })], paths: ['$.description'], message: /SQL/ },
    { name: 'HTTP verb and path', tools: [cleanTool({ description: 'Calls GET /api/v2/notes and returns the JSON.' })], message: /HTTP/ },
    { name: 'internal function', tools: [cleanTool({ description: 'Thin wrapper around notes_db.search() for the agent.' })], message: /function/ },
    { name: 'in a parameter description', tools: [withProperty('q', { type: 'string', default: '', description: 'Passed to the WHERE clause of DELETE FROM notes.' })], paths: ['$.inputSchema.properties.q.description'] },
  ],
});
