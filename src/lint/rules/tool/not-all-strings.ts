import { isFreeString, perTool, topProperties, type ToolRule } from '../../tool-rule-kit.ts';

/** Below three parameters, all-strings is usually honest (a title and a note); from three on it is the anti-pattern. */
const MIN_PARAMETERS = 3;

/**
 * Spec 10 anti-pattern "every parameter typed as string". Info, not a warning: on real servers the
 * tools it meets are mostly honest text (a release name and a namespace, an element description and a
 * selector, a search text and a regex: 0 of 5 true on the real-server set), and the narrowable cases
 * are what prefer-integer, prefer-boolean, prefer-enum and prefer-array report, parameter by parameter.
 */
export const notAllStrings: ToolRule = {
  id: 'not-all-strings',
  kind: 'tool',
  defaultSeverity: 'info',
  description: 'a tool with three or more parameters does not type every one as a free string',
  spec: '10 (anti-patterns)',
  check: (tools) =>
    perTool(tools, (tool) => {
      const props = topProperties(tool);
      if (props.length < MIN_PARAMETERS || !props.every((p) => isFreeString(p.schema))) return [];
      return [{ path: '$.inputSchema.properties', message: `all ${props.length} parameters are free strings; if any is a count, flag, list or fixed choice, give it its narrowest type` }];
    }),
};
