import { cleanTool, ruleTable } from '../../testing/rule-table.ts';
import { nameMcpFormat } from './name-mcp-format.ts';

ruleTable(nameMcpFormat, {
  valid: [{ name: 'snake, kebab, dotted, 128 characters', tools: [cleanTool(), cleanTool({ name: 'get-note' }), cleanTool({ name: 'notes.search' }), cleanTool({ name: 'a'.repeat(128) })] }],
  invalid: [
    { name: 'space', tools: [cleanTool({ name: 'search notes' })], paths: ['$.name'], message: /" "/ },
    { name: 'slash (allowed by SEP-986 drafts, not by the final text)', paths: ['$.name'], tools: [cleanTool({ name: 'notes/search' })], message: /"\/"/ },
    { name: '129 characters', paths: ['$.name'], tools: [cleanTool({ name: 'a'.repeat(129) })], message: /129 characters/ },
    { name: 'non-ASCII letter', paths: ['$.name'], tools: [cleanTool({ name: 'suche_notizen_ü' })], message: /"ü"/ },
  ],
});
