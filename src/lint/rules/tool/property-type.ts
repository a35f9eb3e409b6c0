import { allProperties, perTool, type ToolRule } from '../../tool-rule-kit.ts';

const TYPED = ['type', 'enum', 'const', '$ref', 'anyOf', 'oneOf', 'allOf'];

/** Spec 2.4: each property has a `type` (or an enum/const/composition that fixes it). */
export const propertyType: ToolRule = {
  id: 'property-type',
  kind: 'tool',
  defaultSeverity: 'warn',
  description: 'every property declares a "type" (or an enum, const or composition that fixes it)',
  spec: '2.4',
  check: (tools) =>
    perTool(tools, (tool) =>
      allProperties(tool.inputSchema)
        .filter((p) => !TYPED.some((k) => k in p.schema))
        .map((p) => ({ path: p.path, message: `property "${p.name}" has no "type"; the model has to guess what to send` })),
    ),
};
