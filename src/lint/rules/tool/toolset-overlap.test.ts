import { cleanTool, ruleTable } from '../../testing/rule-table.ts';
import { toolsetOverlap } from './toolset-overlap.ts';

const listDir = cleanTool({ name: 'list_directory', description: 'Get a detailed listing of all files and directories in a specified path. Results distinguish files and directories with [FILE] and [DIR] prefixes.' });
const listSizes = cleanTool({ name: 'list_directory_with_sizes', description: 'Get a detailed listing of all files and directories in a specified path, including sizes. Results distinguish files and directories with [FILE] and [DIR] prefixes.' });
const readFile = cleanTool({ name: 'read_text_file', description: 'Read the complete contents of one text file. Call when the user wants to see what a file says.' });

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
  ],
  invalid: [{ name: 'near-identical descriptions', tools: [listDir, listSizes, readFile], paths: ['list_directory_with_sizes:$.description'], message: /overlaps "list_directory"/ }],
});
