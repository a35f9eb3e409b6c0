import { toJsonPath } from '../../../config/validate.ts';
import type { JsonSchema } from '../../../types.ts';
import { ajvFor, dialectOf, withoutUnknownDialect } from '../../schema-dialect.ts';
import { childPath, isObject, perTool, type ToolRule } from '../../tool-rule-kit.ts';

/** Where a keyword first appears in the schema, to point a strict-mode error at it. */
function findKey(value: unknown, key: string, path: string): string | undefined {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = findKey(value[i], key, `${path}[${i}]`);
      if (hit) return hit;
    }
    return undefined;
  }
  if (!isObject(value)) return undefined;
  if (key in value) return childPath(path, key);
  for (const [k, v] of Object.entries(value)) {
    if (k === 'enum' || k === 'const' || k === 'default' || k === 'examples') continue;
    const hit = findKey(v, key, childPath(path, k));
    if (hit) return hit;
  }
  return undefined;
}

function check(schema: JsonSchema): Array<{ path: string; message: string }> {
  const choice = dialectOf(schema);
  const out: Array<{ path: string; message: string }> = [];
  if (choice.unknown) out.push({ path: '$.inputSchema.$schema', message: `unknown $schema ${choice.unknown}; checked as 2020-12` });
  // strictRequired is left to required-exists, which names the property; here it would report the same slip twice.
  // strictTypes is off: a keyword of another type (`items` on an object, `minimum` on a string) is legal
  // JSON Schema that never applies, and Ajv's own default only logs it (cloudflare's worker_put).
  // strictSchema is off: an unknown keyword (OpenAPI's `example`) is legal and ignored; keyword-known notes it.
  const target = withoutUnknownDialect(schema, choice);
  const ajv = ajvFor(choice.dialect, { strict: true, strictSchema: false, strictRequired: false, strictTypes: false, allErrors: true, allowUnionTypes: true }, target);
  if (!ajv.validateSchema(target)) {
    for (const e of ajv.errors ?? []) {
      out.push({ path: toJsonPath(e.instancePath).replace(/^\$/, '$.inputSchema'), message: `not valid ${choice.dialect} JSON Schema: ${e.message ?? 'invalid'}` });
    }
    return out;
  }
  try {
    ajv.compile(target);
    ajv.removeSchema(target); // the shared instance must not keep every tool's schema
  } catch (error) {
    const err = error as Error & { missingRef?: string };
    // Remote references are no-remote-ref's finding; a local one that points nowhere is ours.
    if (err.missingRef !== undefined && !err.missingRef.startsWith('#') && !String(err.missingRef).includes('#/')) return out;
    const keyword = /unknown keyword: "([^"]+)"/.exec(err.message)?.[1];
    const path = (keyword && findKey(schema, keyword, '$.inputSchema')) ?? '$.inputSchema';
    out.push({ path, message: `Ajv (${choice.dialect}, strict) rejects the schema: ${err.message}` });
  }
  return out;
}

/**
 * Spec 7.5: a malformed inputSchema makes every call fail. Ajv strict mode in the declared dialect,
 * except that an unknown `format` or keyword is legal JSON Schema (format-known and keyword-known note them); and a
 * keyword of another type (`items` on an object) is legal and ignored, so strictTypes does not apply.
 */
export const schemaValid: ToolRule = {
  id: 'schema-valid',
  kind: 'tool',
  defaultSeverity: 'error',
  description: 'inputSchema is valid JSON Schema in its declared dialect (2020-12 when "$schema" is absent), under Ajv strict mode (unknown formats, unknown keywords and keywords of another type allowed, as JSON Schema allows them)',
  spec: '7.5',
  check: (tools) => {
    // The same schema gets the same verdict: compile each distinct one once (large tool sets repeat
    // shapes, and an Ajv compile costs about a millisecond).
    const seen = new Map<string, Array<{ path: string; message: string }>>();
    return perTool(tools, (tool) => {
      if (!isObject(tool.inputSchema)) return [];
      const key = JSON.stringify(tool.inputSchema);
      let found = seen.get(key);
      if (!found) seen.set(key, (found = check(tool.inputSchema)));
      return found;
    });
  },
};
