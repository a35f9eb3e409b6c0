import { cleanTool, ruleTable } from '../../testing/rule-table.ts';
import { descriptionExclusions } from './description-exclusions.ts';

ruleTable(descriptionExclusions, {
  valid: [
    { name: 'Do NOT use for', tools: [cleanTool()] },
    { name: 'use X instead', tools: [cleanTool({ description: 'Reads a file. DEPRECATED: use read_text_file instead.' })] },
  ],
  invalid: [{ name: 'no clause', tools: [cleanTool({ description: "Search notes. Call when the user wants to find notes, e.g. 'find notes on reefs'." })], paths: ['$.description'] }],
});
