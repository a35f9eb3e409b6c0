import { realTools } from '../../testing/real-tools.ts';
import { cleanTool, ruleTable } from '../../testing/rule-table.ts';
import { toolsetOverlap } from './toolset-overlap.ts';

const listDir = cleanTool({ name: 'list_directory', description: 'Get a detailed listing of all files and directories in a specified path. Results distinguish files and directories with [FILE] and [DIR] prefixes.' });
const listSizes = cleanTool({ name: 'list_directory_with_sizes', description: 'Get a detailed listing of all files and directories in a specified path, including sizes. Results distinguish files and directories with [FILE] and [DIR] prefixes.' });
const readFile = cleanTool({ name: 'read_text_file', description: 'Read the complete contents of one text file. Call when the user wants to see what a file says.' });
const k8s = realTools('mcp-server-kubernetes@4.1.7');

ruleTable(toolsetOverlap, {
  valid: [
    { name: 'different jobs', tools: [listDir, readFile] },
    {
      name: 'shared boilerplate and sibling clauses do not count',
      tools: [
        cleanTool({ name: 'add_note', description: "Add a note. Call when the user wants to save text, e.g. 'note that X'. Do NOT use for finding notes (use search_notes)." }),
        cleanTool({ name: 'search_notes', description: "Search notes by words. Call when the user wants to find text, e.g. 'find X'. Do NOT use for saving notes (use add_note)." }),
      ],
    },
    // "Notion | <summary>\nError Responses:\n400: Bad request" on every tool: the server's boilerplate, and
    // "Retrieve a data source" / "Update a data source" act differently on one object.
    { name: 'notion-mcp-server 2.5.2 (all 24 tools)', tools: realTools('notion-mcp-server@2.5.2') },
    { name: 'notion-mcp-server 1.9.1', tools: realTools('notion-mcp-server@1.9.1') },
    // delete_entities and delete_relations delete different things.
    { name: 'server-memory', tools: realTools('server-memory@2026.8.31') },
    // The same act on objects the names tell apart ("secret" / "code" scanning alerts), in our words.
    {
      name: 'one act, different objects',
      tools: [
        cleanTool({ name: 'get_secret_scanning_alert', description: 'Get details of one secret scanning alert in a repository.' }),
        cleanTool({ name: 'get_code_scanning_alert', description: 'Get details of one code scanning alert in a repository.' }),
      ],
    },
  ],
  invalid: [
    { name: 'near-identical descriptions', tools: [listDir, listSizes, readFile], paths: ['list_directory_with_sizes:$.description'], message: /"list_directory"/ },
    { name: 'server-filesystem list_directory_with_sizes', tools: realTools('server-filesystem@2026.8.31'), paths: ['list_directory_with_sizes:$.description'] },
    { name: 'mcp-server-kubernetes kubectl_get / kubectl_describe', tools: k8s, paths: ['kubectl_get:$.description'], message: /"kubectl_describe"/ },
  ],
});
