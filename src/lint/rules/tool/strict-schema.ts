import { childPath, isObject, perTool, requiredOf, type ToolRule } from '../../tool-rule-kit.ts';
import type { JsonSchema } from '../../../types.ts';

function objectNodes(schema: unknown, path: string): Array<{ schema: JsonSchema; path: string }> {
  if (!isObject(schema)) return [];
  const out: Array<{ schema: JsonSchema; path: string }> = [];
  if (schema.type === 'object' || isObject(schema.properties)) out.push({ schema, path });
  if (isObject(schema.properties)) {
    for (const [name, child] of Object.entries(schema.properties)) out.push(...objectNodes(child, childPath(`${path}.properties`, name)));
  }
  if (isObject(schema.items)) out.push(...objectNodes(schema.items, `${path}.items`));
  return out;
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
      objectNodes(tool.inputSchema, '$.inputSchema').flatMap(({ schema, path }) => {
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
