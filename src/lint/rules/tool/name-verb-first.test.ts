import { cleanTool, ruleTable } from '../../testing/rule-table.ts';
import { nameVerbFirst } from './name-verb-first.ts';

ruleTable(nameVerbFirst, {
  valid: [
    { name: 'snake verb', tools: [cleanTool()] },
    { name: 'camel verb', tools: [cleanTool({ name: 'getWeather' })] },
    { name: 'namespaced', tools: [cleanTool({ name: 'notes.search_notes' })] },
  ],
  invalid: [
    { name: 'noun first', tools: [cleanTool({ name: 'directory_tree' })], paths: ['$.name'] },
    { name: 'noun only', tools: [cleanTool({ name: 'weather' })], paths: ['$.name'] },
  ],
});
