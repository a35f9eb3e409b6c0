import { cleanTool, ruleTable } from '../../testing/rule-table.ts';
import { estimateTokens } from '../../token-estimate.ts';
import { toolsetTokenCost } from './toolset-token-cost.ts';

const tools = [cleanTool(), cleanTool({ name: 'get_note' })];

ruleTable(toolsetTokenCost, {
  valid: [{ name: 'small set', tools }],
  invalid: [{ name: 'over a small budget', tools, settings: { tokenBudget: estimateTokens(tools) - 1 }, paths: ['$'], message: new RegExp(`about ${estimateTokens(tools)} tokens`) }],
});
