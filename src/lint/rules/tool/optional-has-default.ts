import { perTool, requiredOf, topProperties, type ToolRule } from '../../tool-rule-kit.ts';

/** Spec 10.3: an optional parameter says what happens when it is left out, through `default`. */
export const optionalHasDefault: ToolRule = {
  id: 'optional-has-default',
  kind: 'tool',
  defaultSeverity: 'warn',
  description: 'an optional parameter (not in "required") has a "default"',
  spec: '10.3, 9.1',
  check: (tools) =>
    perTool(tools, (tool) => {
      const required = requiredOf(tool.inputSchema);
      return topProperties(tool)
        .filter((p) => !required.includes(p.name) && !('default' in p.schema))
        .map((p) => ({ path: p.path, message: `"${p.name}" is optional but has no default; add "default" or make it required` }));
    }),
};
