import { allProperties, perTool, type ToolRule } from '../../tool-rule-kit.ts';

/** Spec 2.4: each property has a description; the model reads it to fill the argument. */
export const propertyDescription: ToolRule = {
  id: 'property-description',
  kind: 'tool',
  defaultSeverity: 'warn',
  description: 'every property has a non-empty "description"',
  spec: '2.4',
  check: (tools) =>
    perTool(tools, (tool) =>
      allProperties(tool.inputSchema)
        .filter((p) => typeof p.schema.description !== 'string' || p.schema.description.trim() === '')
        .map((p) => ({ path: p.path, message: `property "${p.name}" has no description` })),
    ),
};
