/**
 * What the mock puts in a required argument the request does not state: a value the parameter's
 * own schema offers, as a model reading the schema would (its `const`, first `enum` value,
 * `default`, first of `examples`, or a placeholder shaped by its `format`). Nothing is made up for
 * a parameter whose schema offers none: a careful model asks for it instead (BFCL's "missing
 * parameter" cases), and the mock leaves it out. Each value filled so is named in the call's
 * `invented` list, so a trace shows which arguments did not come from the request.
 */
import type { JsonSchema } from '../types.ts';

/** A value of each `format` that passes ajv-formats' check, for a string with no other hint. */
const FORMAT_PLACEHOLDERS: Record<string, string> = {
  date: '2024-01-01',
  'date-time': '2024-01-01T00:00:00Z',
  time: '00:00:00Z',
  email: 'user@example.com',
  'idn-email': 'user@example.com',
  uri: 'https://example.com',
  url: 'https://example.com',
  iri: 'https://example.com',
  'uri-reference': 'https://example.com',
  hostname: 'example.com',
  'idn-hostname': 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  uuid: '00000000-0000-4000-8000-000000000000',
};

/** The value the schema offers for the parameter, or undefined when it offers none. */
export function valueFromSchema(schema: JsonSchema, fits: (schema: JsonSchema, value: string) => boolean): { value: unknown } | undefined {
  if ('const' in schema) return { value: schema.const };
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return { value: schema.enum[0] };
  if ('default' in schema && schema.default !== undefined) return { value: schema.default };
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return { value: schema.examples[0] };
  const branches = [schema.oneOf, schema.anyOf].find((b): b is JsonSchema[] => Array.isArray(b) && b.length > 0);
  if (branches) {
    // The first alternative that offers a value (`oneOf: [{const: "a"}, {const: "b"}]`).
    for (const branch of branches) {
      const found = branch && typeof branch === 'object' ? valueFromSchema(branch, fits) : undefined;
      if (found) return found;
    }
  }
  if (typeof schema.format === 'string' && FORMAT_PLACEHOLDERS[schema.format] !== undefined) {
    const value = FORMAT_PLACEHOLDERS[schema.format];
    if (fits(schema, value)) return { value };
  }
  return undefined;
}

/**
 * Fills each required parameter `args` lacks with what its schema offers (a format placeholder only
 * when it `fits` the parameter's pattern); returns the names filled, in schema order.
 */
export function fillRequiredFromSchema(
  args: Record<string, unknown>,
  entries: ReadonlyArray<[string, JsonSchema]>,
  required: ReadonlySet<string>,
  fits: (schema: JsonSchema, value: string) => boolean,
): string[] {
  const invented: string[] = [];
  for (const [name, schema] of entries) {
    if (!required.has(name) || name in args || !schema || typeof schema !== 'object') continue;
    const found = valueFromSchema(schema, fits);
    if (!found) continue;
    args[name] = found.value;
    invented.push(name);
  }
  return invented;
}
