import { allProperties, perTool, requiredOf, type ToolRule } from '../../tool-rule-kit.ts';

/** Spec 10.3: a parameter with a sensible default is optional; a default on a required one is dead or misleading. */
export const requiredNoDefault: ToolRule = {
  id: 'required-no-default',
  kind: 'tool',
  defaultSeverity: 'warn',
  description: 'a required property has no "default" (a default means it is optional)',
  spec: '10.3',
  check: (tools) =>
    perTool(tools, (tool) =>
      allProperties(tool.inputSchema)
        .filter((p) => requiredOf(p.parent).includes(p.name) && 'default' in p.schema)
        .map((p) => ({ path: `${p.path}.default`, message: `"${p.name}" is required and also has a default; drop it from "required" or drop the default` })),
    ),
};
