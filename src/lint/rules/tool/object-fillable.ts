import type { JsonSchema } from '../../../types.ts';
import { allProperties, isObject, perTool, typesOf, type ToolRule, styleGiven } from '../../tool-rule-kit.ts';

/** Keywords through which an object can gain properties this check does not follow: skipped, not guessed. */
const COMPOSED = ['allOf', 'anyOf', 'oneOf', '$ref', '$dynamicRef', 'if', 'dependentSchemas', 'dependencies'];

/** `false` or `{"not": {}}`: a subschema nothing satisfies. */
function rejectsAll(schema: unknown): boolean {
  return schema === false || isObject(schema) && isObject(schema.not) && Object.keys(schema.not).length === 0 && Object.keys(schema).length === 1;
}

/** How the object is closed when it accepts only `{}`, or undefined when something can go in it. */
export function onlyEmpty(schema: JsonSchema): string | undefined {
  const types = typesOf(schema);
  if (!types.includes('object') || types.some((t) => t !== 'object' && t !== 'null')) return undefined;
  if (COMPOSED.some((k) => k in schema)) return undefined;
  if (schema.maxProperties === 0) return '"maxProperties": 0';
  if (rejectsAll(schema.propertyNames)) return '"propertyNames": false';
  if (isObject(schema.properties) && Object.keys(schema.properties).length > 0) return undefined;
  if (isObject(schema.patternProperties) && Object.keys(schema.patternProperties).length > 0) return undefined;
  if (rejectsAll(schema.additionalProperties)) return 'no properties and "additionalProperties": false';
  if (rejectsAll(schema.unevaluatedProperties)) return 'no properties and "unevaluatedProperties": false';
  return undefined;
}

/** A description that says the value is `{}` on purpose (a marker such as Notion's `"title": {}`). */
const MEANT_EMPTY = /\bempty object\b|\{\s*\}/i;

/**
 * An object parameter whose schema accepts only `{}`: a model that puts anything in it is refused, so
 * the parameter can carry nothing. Seen on real servers as a free-form record (a JSON Schema to
 * extract with, webhook headers, a request body) converted with "additionalProperties": false.
 */
export const objectFillable: ToolRule = {
  id: 'object-fillable',
  kind: 'tool',
  defaultSeverity: 'warn',
  description: 'an object parameter accepts some property: not "type": "object" with no properties and "additionalProperties": false, which only {} satisfies',
  spec: '2.4',
  check: (tools, context) =>
    perTool(tools, (tool) =>
      allProperties(tool.inputSchema, styleGiven(context)).flatMap((p) => {
        // The parameter itself, or the items of an array parameter (a list of objects that must all be {}).
        const candidates = [{ schema: p.schema, path: p.path }];
        if (isObject(p.schema.items)) candidates.push({ schema: p.schema.items, path: `${p.path}.items` });
        return candidates.flatMap(({ schema, path }) => {
          const closed = onlyEmpty(schema);
          if (!closed || [schema.description, p.schema.description].some((d) => typeof d === 'string' && MEANT_EMPTY.test(d))) return [];
          return [{ path, message: `"${p.name}" accepts only {} (${closed}), so no model can put anything in it; list its properties, or allow additional ones ("additionalProperties": {"type": "string"}, or true)` }];
        });
      }),
    ),
};
