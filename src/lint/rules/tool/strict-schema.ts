import { childPath, isObject, perTool, requiredOf, schemaNodes, type ToolRule } from '../../tool-rule-kit.ts';
import type { JsonSchema } from '../../../types.ts';

/** The object schemas: typed object or declaring properties, wherever the walker finds them. */
function objectNodes(schema: unknown): Array<{ schema: JsonSchema; path: string }> {
  return schemaNodes(schema).filter((n) => n.schema.type === 'object' || isObject(n.schema.properties));
}

/**
 * OpenAI structured outputs (`strict: true`): every property required (optional ones nullable) and
 * `additionalProperties: false` on every object. Off by default: it contradicts optional-has-default.
 */
export const strictSchema: ToolRule = {
  id: 'strict-schema',
  kind: 'tool',
  defaultSeverity: 'off',
  description: 'OpenAI strict mode: every object lists all its properties in "required" and sets "additionalProperties": false',
  check: (tools) =>
    perTool(tools, (tool) =>
      objectNodes(tool.inputSchema).flatMap(({ schema, path }) => {
        const out = [];
        if (schema.additionalProperties !== false) out.push({ path: `${path}.additionalProperties`, message: 'strict mode needs "additionalProperties": false' });
        const required = requiredOf(schema);
        for (const name of Object.keys(isObject(schema.properties) ? schema.properties : {})) {
          if (!required.includes(name)) out.push({ path: childPath(`${path}.properties`, name), message: `strict mode needs "${name}" in "required" (make it nullable to keep it optional)` });
        }
        return out;
      }),
    ),
};
