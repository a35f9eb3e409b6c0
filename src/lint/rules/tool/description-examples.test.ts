import { realTool } from '../../testing/real-tools.ts';
import { cleanTool, ruleTable } from '../../testing/rule-table.ts';
import { descriptionExamples } from './description-examples.ts';

ruleTable(descriptionExamples, {
  valid: [
    { name: 'e.g. quoted phrases', tools: [cleanTool()] },
    { name: 'two quoted phrases', tools: [cleanTool({ description: "Search notes when asked \"find my reef notes\" or \"what did I write on budgets\"." })] },
  ],
  invalid: [
    { name: 'no examples', tools: [cleanTool({ description: 'Search the notes of the user. Call when the user wants notes.' })], paths: ['$.description'] },
    // The hint is the tool's own: its name and parameters (it once suggested "find papers on X" to every tool).
    { name: 'server-filesystem read_text_file', paths: ['$.description'], tools: [realTool('server-filesystem@2026.8.31', 'read_text_file')], message: /should call read_text_file \(after "e\.g\.", ones that give `path`, `head`, `tail`\)$/ },
    { name: 'no parameters', paths: ['$.description'], tools: [realTool('server-filesystem@2026.8.31', 'list_allowed_directories')], message: /should call list_allowed_directories \(after "e\.g\."\)$/ },
    { name: 'quoted field names and apostrophes are not phrases', paths: ['$.description'], tools: [cleanTool({ description: "Each entry has 'name' and 'type'. The file's text won't change." })] },
  ],
});
