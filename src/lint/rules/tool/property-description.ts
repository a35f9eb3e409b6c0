import type { JsonSchema } from '../../../types.ts';
import { allProperties, isObject, perTool, type ToolRule, styleGiven } from '../../tool-rule-kit.ts';

const described = (schema: unknown): boolean => isObject(schema) && typeof schema.description === 'string' && schema.description.trim() !== '';

/** The schema a local `$ref` ("#/$defs/x") points to inside the tool's inputSchema, if any. */
function localTarget(root: JsonSchema, ref: unknown): unknown {
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return undefined;
  let at: unknown = root;
  for (const part of ref.slice(2).split('/')) at = isObject(at) ? at[decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  return at;
}

/**
 * Where the model reads a property's description: on the property, or (as generators write them) on
 * the branches of its anyOf / oneOf / allOf or on the `$ref` target, e.g. notion-mcp-server's
 * `"cover": {"anyOf": [{"description": "A cover image ...", ...}, {"type": "string"}]}`.
 */
function hasDescription(schema: JsonSchema, root: JsonSchema): boolean {
  if (described(schema) || described(localTarget(root, schema.$ref))) return true;
  return ['anyOf', 'oneOf', 'allOf'].some((k) => Array.isArray(schema[k]) && (schema[k] as unknown[]).some((b) => described(b) || isObject(b) && described(localTarget(root, b.$ref))));
}

/** Spec 2.4: each property has a description; the model reads it to fill the argument. */
export const propertyDescription: ToolRule = {
  id: 'property-description',
  kind: 'tool',
  defaultSeverity: 'warn',
  description: 'every property has a non-empty "description"',
  spec: '2.4',
  check: (tools, context) =>
    perTool(tools, (tool) =>
      allProperties(tool.inputSchema, styleGiven(context))
        .filter((p) => !hasDescription(p.schema, tool.inputSchema))
        .map((p) => ({ path: p.path, message: `property "${p.name}" has no description` })),
    ),
};
