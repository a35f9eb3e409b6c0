import { childPath, isObject, perTool, type ToolRule } from '../../tool-rule-kit.ts';
import type { JsonSchema } from '../../../types.ts';

function objectSchemas(schema: unknown, path: string): Array<{ schema: JsonSchema; path: string }> {
  if (!isObject(schema)) return [];
  const out = [{ schema, path }];
  if (isObject(schema.properties)) {
    for (const [name, child] of Object.entries(schema.properties)) out.push(...objectSchemas(child, childPath(`${path}.properties`, name)));
  }
  if (isObject(schema.items)) out.push(...objectSchemas(schema.items, `${path}.items`));
  return out;
}

/** A required name that is not a property can never be satisfied by a model reading `properties`. */
export const requiredExists: ToolRule = {
  id: 'required-exists',
  kind: 'tool',
  defaultSeverity: 'error',
  description: '"required" lists only properties that exist in "properties"',
  spec: '2.4',
  check: (tools) =>
    perTool(tools, (tool) =>
      objectSchemas(tool.inputSchema, '$.inputSchema').flatMap(({ schema, path }) => {
        if (!Array.isArray(schema.required)) return [];
        const props = isObject(schema.properties) ? schema.properties : {};
        return schema.required.flatMap((name, i) =>
          typeof name === 'string' && !(name in props)
            ? [{ path: `${path}.required[${i}]`, message: `"${name}" is required but is not a property` }]
            : [],
        );
      }),
    ),
};
