import { isFreeString, perTool, topProperties, type ToolRule } from '../../tool-rule-kit.ts';

/** Below three parameters, all-strings is usually honest (a title and a note); from three on it is the anti-pattern. */
const MIN_PARAMETERS = 3;

/** Spec 10 anti-pattern "every parameter typed as string". */
export const notAllStrings: ToolRule = {
  id: 'not-all-strings',
  kind: 'tool',
  defaultSeverity: 'warn',
  description: 'a tool with three or more parameters does not type every one as a free string',
  spec: '10 (anti-patterns)',
  check: (tools) =>
    perTool(tools, (tool) => {
      const props = topProperties(tool);
      if (props.length < MIN_PARAMETERS || !props.every((p) => isFreeString(p.schema))) return [];
      return [{ path: '$.inputSchema.properties', message: `all ${props.length} parameters are free strings; give counts, flags, lists and choices their narrowest type` }];
    }),
};
