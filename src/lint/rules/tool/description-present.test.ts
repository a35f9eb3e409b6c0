import { cleanTool, ruleTable } from '../../testing/rule-table.ts';
import { descriptionPresent } from './description-present.ts';

ruleTable(descriptionPresent, {
  valid: [{ name: 'described', tools: [cleanTool()] }],
  invalid: [
    { name: 'missing', tools: [cleanTool({ description: undefined })], paths: ['$.description'] },
    { name: 'blank', tools: [cleanTool({ description: '   ' })], paths: ['$.description'] },
  ],
});
