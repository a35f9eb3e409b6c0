import { cleanTool, ruleTable } from '../../testing/rule-table.ts';
import { toolsetSize } from './toolset-size.ts';

const many = (n: number) => Array.from({ length: n }, (_, i) => cleanTool({ name: `get_note_${i}` }));

ruleTable(toolsetSize, {
  valid: [
    { name: 'twenty', tools: many(20) },
    { name: 'raised limit', tools: many(25), settings: { maxTools: 30 } },
  ],
  invalid: [{ name: 'twenty-one', tools: many(21), paths: ['$'], message: /21 tools/ }],
});
