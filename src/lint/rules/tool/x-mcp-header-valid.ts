import { childPath, isObject, perTool, type ToolRule } from '../../tool-rule-kit.ts';
import type { RawFinding } from '../../framework.ts';

/** RFC 9110 field-name token (1*tchar). */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const PRIMITIVE = new Set(['string', 'integer', 'boolean']);
/** Keywords whose subschemas are not reachable by a chain of `properties`: a declaration under them is invalid. */
const UNREACHABLE = ['items', 'prefixItems', 'contains', 'additionalProperties', 'unevaluatedProperties', 'unevaluatedItems', 'propertyNames', 'patternProperties', 'dependentSchemas', 'oneOf', 'anyOf', 'allOf', 'not', 'if', 'then', 'else', '$defs', 'definitions'];
const MAP_VALUED = new Set(['patternProperties', 'dependentSchemas', '$defs', 'definitions']);

type Finding = Omit<RawFinding, 'target'>;

/** Whether any object under `value` has an x-mcp-header key (where visit looks, and more). */
function mentionsHeader(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(mentionsHeader);
  if (!isObject(value)) return false;
  return 'x-mcp-header' in value || Object.values(value).some(mentionsHeader);
}

/**
 * MCP 2026-07-28, Streamable HTTP "custom headers from tool parameters": a property may carry
 * `x-mcp-header: NAME`, and the client then mirrors its argument into an `Mcp-Param-NAME` header. A
 * declaration that is not a valid header name, sits on a non-primitive property, is not reachable
 * through `properties` alone, or repeats another one (case-insensitively) makes the whole tool
 * invalid, and conforming HTTP clients drop the tool from the list.
 */
export const xMcpHeaderValid: ToolRule = {
  id: 'x-mcp-header-valid',
  kind: 'tool',
  defaultSeverity: 'error',
  description: 'every x-mcp-header is a valid HTTP header name on a string, integer or boolean property reached through "properties", unique case-insensitively',
  check: (tools) =>
    perTool(tools, (tool) => {
      const out: Finding[] = [];
      const seen = new Map<string, string>();
      const visit = (node: unknown, path: string, reachable: boolean): void => {
        if (!isObject(node)) return;
        if ('x-mcp-header' in node) {
          const at = `${path}["x-mcp-header"]`;
          const raw = node['x-mcp-header'];
          const type = typeof node.type === 'string' ? node.type : undefined;
          if (!reachable || path === '$.inputSchema') out.push({ path: at, message: 'x-mcp-header is only allowed on a property reached through a chain of "properties" (not under items, anyOf, $defs, ...); conforming HTTP clients drop this tool' });
          else if (typeof raw !== 'string' || raw === '') out.push({ path: at, message: 'x-mcp-header must be a non-empty string' });
          else if (!TOKEN.test(raw)) out.push({ path: at, message: `x-mcp-header ${JSON.stringify(raw)} is not a valid HTTP header name (no spaces, colons or other delimiters); conforming HTTP clients drop this tool` });
          else if (!type || !PRIMITIVE.has(type)) out.push({ path: at, message: `x-mcp-header is only allowed on string, integer or boolean properties; this one is ${type ?? 'untyped'}` });
          else {
            const prior = seen.get(raw.toLowerCase());
            if (prior !== undefined) out.push({ path: at, message: `x-mcp-header "${raw}" repeats "${prior}" (header names are case-insensitive); conforming HTTP clients drop this tool` });
            else seen.set(raw.toLowerCase(), raw);
          }
        }
        if (isObject(node.properties)) for (const [name, child] of Object.entries(node.properties)) visit(child, childPath(`${path}.properties`, name), reachable);
        for (const key of UNREACHABLE) {
          const sub = node[key];
          if (sub === undefined) continue;
          const branches = Array.isArray(sub) ? sub : MAP_VALUED.has(key) && isObject(sub) ? Object.values(sub) : [sub];
          branches.forEach((branch, i) => visit(branch, `${path}.${key}${Array.isArray(sub) ? `[${i}]` : ''}`, false));
        }
      };
      // Most schemas declare no header: they are not walked path by path.
      if (mentionsHeader(tool.inputSchema)) visit(tool.inputSchema, '$.inputSchema', true);
      return out;
    }),
};
