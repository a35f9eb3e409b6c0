import { perTool, type ToolRule } from '../../tool-rule-kit.ts';

/** Spec 2.4 / 10.1: the description is what the model reads to choose a tool. */
export const descriptionPresent: ToolRule = {
  id: 'description-present',
  kind: 'tool',
  defaultSeverity: 'error',
  description: 'every tool has a non-empty description',
  spec: '2.4, 10.1',
  check: (tools) =>
    perTool(tools, (tool) =>
      typeof tool.description === 'string' && tool.description.trim() !== '' ? [] : [{ path: '$.description', message: 'no description; the model cannot tell when to call this tool' }],
    ),
};
