import { perTool, type ToolRule } from '../../tool-rule-kit.ts';

/** Too short cannot say when and what; over 1,024 characters some hosts truncate. Bounds come from the lint settings. */
export const descriptionLength: ToolRule = {
  id: 'description-length',
  kind: 'tool',
  defaultSeverity: 'warn',
  description: 'the description is between 50 and 1,024 characters (settings descriptionMin / descriptionMax)',
  spec: '10.1',
  check: (tools, { settings }) =>
    perTool(tools, (tool) => {
      const text = typeof tool.description === 'string' ? tool.description.trim() : '';
      if (text === '') return [];
      if (text.length < settings.descriptionMin) return [{ path: '$.description', message: `${text.length} characters; too short to say when to call it and what it does (minimum ${settings.descriptionMin})` }];
      if (text.length > settings.descriptionMax) return [{ path: '$.description', message: `${text.length} characters; over ${settings.descriptionMax}, some hosts truncate it` }];
      return [];
    }),
};
