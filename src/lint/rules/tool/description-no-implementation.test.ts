import { realTool } from '../../testing/real-tools.ts';
import { cleanTool, ruleTable, withProperty } from '../../testing/rule-table.ts';
import { descriptionNoImplementation } from './description-no-implementation.ts';

ruleTable(descriptionNoImplementation, {
  valid: [
    { name: 'behaviour only', tools: [cleanTool()] },
    // Its `code` parameter's example calls page.getByRole(...).click(): code is what the tool takes.
    { name: 'playwright-mcp browser_run_code_unsafe', tools: [realTool('playwright-mcp@0.0.83', 'browser_run_code_unsafe')] },
    { name: 'a SQL console', tools: [withProperty('sql', { type: 'string', description: 'A read-only statement, e.g. SELECT name FROM users LIMIT 5.' }, true)] },
    // An identifier kind the model must tell apart (github-mcp-server's comment ids), not the plumbing.
    { name: 'a GraphQL node ID', tools: [withProperty('comment_id', { type: 'integer', description: 'The numeric comment ID from the page anchor, not the GraphQL node ID.' })] },
    { name: 'a search API by name', tools: [realTool('brave-search-mcp-server@2.1.4', 'brave_news_search')] },
  ],
  invalid: [
    { name: 'SQL', tools: [cleanTool({ description: 'Runs SELECT * FROM notes WHERE body LIKE the query.' })], paths: ['$.description'], message: /SQL/ },
    { name: 'HTTP verb and path', paths: ['$.description'], tools: [cleanTool({ description: 'Calls GET /api/v2/notes and returns the JSON.' })], message: /HTTP/ },
    { name: 'internal function', paths: ['$.description'], tools: [cleanTool({ description: 'Thin wrapper around notes_db.search() for the agent.' })], message: /function/ },
    { name: 'in a parameter description', tools: [withProperty('q', { type: 'string', default: '', description: 'Passed to the WHERE clause of DELETE FROM notes.' })], paths: ['$.inputSchema.properties.q.description'] },
    { name: 'the backend it calls', paths: ['$.description'], tools: [cleanTool({ description: 'Finds notes by calling the GraphQL API of the notes service.' })], message: /backend/ },
  ],
});
