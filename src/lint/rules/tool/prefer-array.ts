import { allProperties, isFreeString, perTool, type ToolRule } from '../../tool-rule-kit.ts';

const LIST_PROSE = /\b(comma[- ]separated|separated by (commas|spaces|semicolons|newlines)|space[- ]separated|semicolon[- ]separated|delimited list|list of)\b/i;

/** Spec 10.2: a list is an array of strings; a packed string makes the model invent a delimiter. */
export const preferArray: ToolRule = {
  id: 'prefer-array',
  kind: 'tool',
  defaultSeverity: 'warn',
  description: 'a list ("comma-separated", "list of") is an array of strings, not one packed string',
  spec: '10.2',
  check: (tools) =>
    perTool(tools, (tool) =>
      allProperties(tool.inputSchema)
        .filter((p) => isFreeString(p.schema) && typeof p.schema.description === 'string' && LIST_PROSE.test(p.schema.description))
        .map((p) => ({ path: `${p.path}.type`, message: `"${p.name}" packs a list into a string; use {"type": "array", "items": {"type": "string"}}` })),
    ),
};
