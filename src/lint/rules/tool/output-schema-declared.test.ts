import { cleanTool, ruleTable } from '../../testing/rule-table.ts';
import { outputSchemaDeclared } from './output-schema-declared.ts';

const described = (description: string, outputSchema?: Record<string, unknown>) => cleanTool({ description, ...(outputSchema ? { outputSchema } : {}) });

ruleTable(outputSchemaDeclared, {
  valid: [
    { name: 'no mention of JSON', tools: [cleanTool()] },
    { name: 'JSON result with an outputSchema', tools: [described('Search notes. Returns a JSON object with the matches.', { type: 'object' })] },
    { name: 'JSON as input', tools: [described('Import notes. Accepts a JSON array of notes and returns how many were stored.')] },
    { name: 'JSON in a parameter sense', tools: [described('Validate a document. Pass the JSON payload to send as the body; returns OK or the first error.')] },
    { name: 'JSON mentioned, nothing about results', tools: [described('Edit a JSON file in the workspace by path.')] },
    { name: 'JSON-RPC, the protocol', tools: [described('Check the connection; returns a JSON-RPC error when the server is down.')] },
  ],
  invalid: [
    { name: 'returns a JSON object', tools: [described('Search notes for a phrase. Returns a JSON object with the matching notes.')], paths: ['$.outputSchema'], message: /Returns a JSON object/ },
    { name: 'results as JSON', paths: ['$.outputSchema'], tools: [described('List the tags. The result is JSON: an array of tag names.')] },
    { name: 'responds with JSON', paths: ['$.outputSchema'], tools: [described('Get the weather for a city; responds with JSON.')] },
    { name: 'lower case', paths: ['$.outputSchema'], tools: [described('List open browser tabs. Returns a json list of tabs with their titles and URLs.')] },
  ],
});
