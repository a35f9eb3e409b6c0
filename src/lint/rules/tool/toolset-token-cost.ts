import { estimateTokens, estimateToolTokens } from '../../token-estimate.ts';
import type { ToolRule } from '../../tool-rule-kit.ts';

/** Every definition is sent with every request; a costly set crowds out the conversation. */
export const toolsetTokenCost: ToolRule = {
  id: 'toolset-token-cost',
  kind: 'tool',
  defaultSeverity: 'warn',
  description: 'the definitions cost at most about 6,000 prompt tokens (setting tokenBudget; estimate is JSON characters / 4)',
  check: (tools, { settings }) => {
    const total = estimateTokens(tools);
    if (total <= settings.tokenBudget) return [];
    // Each tool's estimate once (it serialises the tool), not twice per comparison of the sort.
    const costly = tools
      .map((tool) => ({ name: tool.name, tokens: estimateToolTokens(tool) }))
      .sort((a, b) => b.tokens - a.tokens)
      .slice(0, 3);
    return [{ path: '$', message: `the definitions cost about ${total} tokens per request (budget ${settings.tokenBudget}); largest: ${costly.map((t) => `${t.name} ~${t.tokens}`).join(', ')}` }];
  },
};
