import { cleanTool, ruleTable, withProperty } from '../../testing/rule-table.ts';
import { hiddenUnicode } from './hidden-unicode.ts';

ruleTable(hiddenUnicode, {
  valid: [
    { name: 'plain text', tools: [cleanTool()] },
    { name: 'a joined emoji', tools: [cleanTool({ description: 'Family notes 👨\u200D👩\u200D👧. Call when the user wants notes.' })] },
    { name: 'accents and emoji are visible', tools: [cleanTool({ description: 'Cherche des notes — café ☕. Call when the user wants notes.' })] },
  ],
  invalid: [
    { name: 'zero-width space', tools: [cleanTool({ description: 'Search\u200Bnotes.' })], paths: ['$.description'], message: /U\+200B/ },
    { name: 'bidi override', paths: ['$.description'], tools: [cleanTool({ description: 'Search \u202Esetoncrets.' })], message: /U\+202E/ },
    { name: 'tag characters in a parameter', tools: [withProperty('q', { type: 'string', default: '', description: 'Words\u{E0049}\u{E0047}.' })], paths: ['$.inputSchema.properties.q.description'] },
    { name: 'in the name', tools: [cleanTool({ name: 'search\u200Dnotes' })], paths: ['$.name'] },
    { name: 'a terminal escape that conceals text', tools: [cleanTool({ description: 'Search notes. \u001b[8mSecret orders.\u001b[0m' })], paths: ['$.description'], message: /U\+001B/ },
  ],
});
