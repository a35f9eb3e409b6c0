import { nameWords, perTool, type ToolRule } from '../../tool-rule-kit.ts';

/** A description that only restates the name ("get_user: Get user") adds nothing for the model. */
export const descriptionNotName: ToolRule = {
  id: 'description-not-name',
  kind: 'tool',
  defaultSeverity: 'warn',
  description: 'the description is more than a copy of the name',
  spec: '10.1',
  check: (tools) =>
    perTool(tools, (tool) => {
      if (typeof tool.description !== 'string' || tool.description.trim() === '') return [];
      const name = new Set(nameWords(tool.name));
      const words = nameWords(tool.description).filter((w) => !['a', 'an', 'the', 'tool', 'this', 'of', 'to', 'for'].includes(w));
      if (words.length > 0 && words.every((w) => name.has(w) || name.has(w.replace(/s$/, '')))) {
        return [{ path: '$.description', message: `the description only repeats the name "${tool.name}"` }];
      }
      return [];
    }),
};
