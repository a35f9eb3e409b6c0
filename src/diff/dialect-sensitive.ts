/**
 * Whether a schema uses a keyword whose meaning differs between JSON Schema dialects (draft-07,
 * 2019-09, 2020-12): array-form `items`, `additionalItems`, `prefixItems`, `dependencies`, the
 * `dependent*` pair, `unevaluated*`, recursive and dynamic references, and `$ref` with siblings
 * (draft-07 ignores them). A schema without any of them validates the same under each dialect.
 */
const SENSITIVE = new Set(['additionalItems', 'prefixItems', 'dependencies', 'dependentRequired', 'dependentSchemas', 'unevaluatedProperties', 'unevaluatedItems', '$recursiveRef', '$recursiveAnchor', '$dynamicRef', '$dynamicAnchor']);
const ANNOTATION = new Set(['description', 'title', 'default', 'examples', '$comment']);

export function usesDialectKeywords(value: unknown, depth = 0): string | undefined {
  if (depth > 64 || !value || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) {
    for (const v of value) {
      const hit = usesDialectKeywords(v, depth + 1);
      if (hit) return hit;
    }
    return undefined;
  }
  const node = value as Record<string, unknown>;
  for (const key of Object.keys(node)) if (SENSITIVE.has(key)) return key;
  if (Array.isArray(node.items)) return 'items (array form)';
  if (typeof node.$ref === 'string' && Object.keys(node).some((k) => k !== '$ref' && !ANNOTATION.has(k))) return '$ref with sibling keywords';
  for (const [key, v] of Object.entries(node)) {
    // `properties`, `$defs` and the like hold schemas by name; `enum`/`const`/`default` hold data.
    if (key === 'enum' || key === 'const' || key === 'default' || key === 'examples') continue;
    const hit = usesDialectKeywords(v, depth + 1);
    if (hit) return hit;
  }
  return undefined;
}
