import { cleanTool, ruleTable } from '../../testing/rule-table.ts';
import { descriptionExamples } from './description-examples.ts';

ruleTable(descriptionExamples, {
  valid: [
    { name: 'e.g. quoted phrases', tools: [cleanTool()] },
    { name: 'two quoted phrases', tools: [cleanTool({ description: "Search notes when asked \"find my reef notes\" or \"what did I write on budgets\"." })] },
  ],
  invalid: [
    { name: 'no examples', tools: [cleanTool({ description: 'Search the notes of the user. Call when the user wants notes.' })], paths: ['$.description'] },
    { name: 'quoted field names and apostrophes are not phrases', tools: [cleanTool({ description: "Each entry has 'name' and 'type'. The file's text won't change." })] },
  ],
});
