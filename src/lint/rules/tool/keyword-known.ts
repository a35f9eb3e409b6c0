import { editDistance } from '../../edit-distance.ts';
import { ajvFor, dialectOf, type Dialect } from '../../schema-dialect.ts';
import { childPath, isObject, perTool, type ToolRule } from '../../tool-rule-kit.ts';

/** Keywords whose values are data, not schemas. */
const DATA = new Set(['enum', 'const', 'default', 'examples', 'required', 'type', 'format', 'pattern', 'title', 'description']);
/** Keywords whose values map names to schemas. */
const NAME_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
/** Core and annotation keywords every dialect defines, whether or not Ajv lists them as keywords. */
const CORE = new Set([...DATA, 'deprecated', 'readOnly', 'writeOnly', 'contentMediaType', 'contentEncoding', 'contentSchema', '$schema', '$id', 'id', '$ref', '$dynamicRef', '$recursiveRef', '$anchor', '$dynamicAnchor', '$recursiveAnchor', '$vocabulary', '$comment', '$defs', 'definitions']);

interface Unknown {
  path: string;
  keyword: string;
}

/** An object or a list: what may hold keywords. */
const holdsMore = (value: unknown): boolean => typeof value === 'object' && value !== null;

function unknownKeywords(node: unknown, path: string, known: (k: string) => boolean, out: Unknown[]): Unknown[] {
  // Paths are built only where they are used: an unknown keyword, or a value that holds more schemas.
  if (Array.isArray(node)) {
    node.forEach((item, i) => {
      if (holdsMore(item)) unknownKeywords(item, `${path}[${i}]`, known, out);
    });
    return out;
  }
  if (!isObject(node)) return out;
  for (const [key, value] of Object.entries(node)) {
    if (!CORE.has(key) && !key.startsWith('x-') && !known(key)) {
      out.push({ path: childPath(path, key), keyword: key });
      continue;
    }
    if (DATA.has(key) || !holdsMore(value)) continue;
    const at = childPath(path, key);
    if (NAME_MAPS.has(key) && isObject(value)) {
      for (const [name, child] of Object.entries(value)) if (holdsMore(child)) unknownKeywords(child, childPath(at, name), known, out);
    } else unknownKeywords(value, at, known, out);
  }
  return out;
}

function knownIn(dialect: Dialect): (keyword: string) => boolean {
  const ajv = ajvFor(dialect, { strict: false });
  return (keyword) => Boolean(ajv.getKeyword(keyword));
}

/** The keyword of the dialect an unknown one is probably a misspelling of (`requried`, `maxLenght`). */
function nearest(keyword: string, dialect: Dialect): string | undefined {
  const known = knownIn(dialect);
  const candidates = ['required', 'properties', 'additionalProperties', 'items', 'minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems', 'pattern', 'enum', 'default', 'description', 'type', 'format', 'anyOf', 'oneOf', 'allOf', 'examples', 'exclusiveMinimum', 'exclusiveMaximum', 'uniqueItems', 'const', 'title'];
  return candidates.filter(known).find((k) => keyword.length >= 4 && editDistance(k.toLowerCase(), keyword.toLowerCase()) <= 2);
}

/**
 * JSON Schema ignores keywords it does not define (OpenAPI's `example`, vendor notes),
 * so an unknown one is legal: schema-valid accepts it. But nothing enforces it, and a misspelt
 * `requried` or `maxLenght` silently checks nothing. A note, with the keyword it probably meant.
 */
export const keywordKnown: ToolRule = {
  id: 'keyword-known',
  kind: 'tool',
  defaultSeverity: 'info',
  description: 'every keyword of an inputSchema is one its JSON Schema dialect defines; an unknown one is legal but ignored (a misspelling checks nothing)',
  spec: '2.4',
  check: (tools) =>
    perTool(tools, (tool) => {
      if (!isObject(tool.inputSchema)) return [];
      const { dialect } = dialectOf(tool.inputSchema);
      return unknownKeywords(tool.inputSchema, '$.inputSchema', knownIn(dialect), []).map(({ path, keyword }) => {
        const near = nearest(keyword, dialect);
        return {
          path,
          message: near
            ? `"${keyword}" is not a ${dialect} keyword, so nothing enforces it; did you mean "${near}"?`
            : `"${keyword}" is not a ${dialect} keyword: validators ignore it (legal, but it constrains nothing)`,
        };
      });
    }),
};
