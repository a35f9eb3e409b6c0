import { perTool, isObject, type ToolRule } from '../../tool-rule-kit.ts';

/** Spec 2.4 / 7.5: a schema without `properties` and `required` is malformed even when it takes no arguments. */
export const schemaPropertiesRequired: ToolRule = {
  id: 'schema-properties-required',
  kind: 'tool',
  defaultSeverity: 'warn',
  description: 'inputSchema has a "properties" object and a "required" array (empty when nothing is required)',
  spec: '2.4, 7.5',
  check: (tools) =>
    perTool(tools, (tool) => {
      const schema = tool.inputSchema;
      if (!isObject(schema) || schema.type !== 'object') return [];
      const out = [];
      if (!isObject(schema.properties)) out.push({ path: '$.inputSchema.properties', message: 'inputSchema has no "properties" object; add "properties": {} when the tool takes no arguments' });
      if (!Array.isArray(schema.required)) out.push({ path: '$.inputSchema.required', message: 'inputSchema has no "required" array; list the mandatory parameters, or "required": [] when none are' });
      return out;
    }),
};
