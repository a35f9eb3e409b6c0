import { isObject, perTool, propertiesByLevel, schemaNodes, type ToolRule } from '../../tool-rule-kit.ts';

/**
 * A required name that is not a property can never be satisfied by a model reading `properties`.
 * Every object of the schema is checked, combinator branches and `$defs` included: a branch's
 * `required` may name a property its object declares beside the branch (`anyOf: [{required: [a]}]`).
 */
export const requiredExists: ToolRule = {
  id: 'required-exists',
  kind: 'tool',
  defaultSeverity: 'error',
  description: '"required" lists only properties that exist in "properties" (of the object or of its anyOf / oneOf / allOf branches)',
  spec: '2.4',
  check: (tools) =>
    perTool(tools, (tool) => {
      const nodes = schemaNodes(tool.inputSchema);
      const declared = propertiesByLevel(nodes);
      return nodes.flatMap(({ schema, path, level }) => {
        if (!Array.isArray(schema.required)) return [];
        const own = isObject(schema.properties) ? schema.properties : {};
        const known = declared.get(level) ?? new Set<string>();
        return schema.required.flatMap((name, i) =>
          typeof name === 'string' && !(name in own) && !known.has(name)
            ? [{ path: `${path}.required[${i}]`, message: `"${name}" is required but is not a property` }]
            : [],
        );
      });
    }),
};
