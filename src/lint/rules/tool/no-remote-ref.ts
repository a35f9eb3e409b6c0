import { isObject, perTool, type ToolRule } from '../../tool-rule-kit.ts';

function refs(value: unknown, path: string, out: Array<{ ref: string; path: string }> = []): Array<{ ref: string; path: string }> {
  // Paths are built only for values that may hold a reference (objects and lists), not for every leaf.
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      if (typeof v === 'object' && v !== null) refs(v, `${path}[${i}]`, out);
    });
  } else if (isObject(value)) {
    for (const [k, v] of Object.entries(value)) {
      if ((k === '$ref' || k === '$dynamicRef') && typeof v === 'string') out.push({ ref: v, path: `${path}.${k}` });
      else if (typeof v === 'object' && v !== null) refs(v, `${path}.${k}`, out);
    }
  }
  return out;
}

/** Whether any object below holds a `$ref` or `$dynamicRef` string: the same walk without paths, which most schemas end at. */
function hasRef(value: unknown): boolean {
  if (Array.isArray(value)) return value.some((v) => typeof v === 'object' && v !== null && hasRef(v));
  if (!isObject(value)) return false;
  for (const k in value) {
    if (!Object.hasOwn(value, k)) continue;
    const v = value[k];
    if ((k === '$ref' || k === '$dynamicRef') && typeof v === 'string') return true;
    if (typeof v === 'object' && v !== null && hasRef(v)) return true;
  }
  return false;
}

/** Hosts do not fetch remote schemas: a `$ref` outside the document leaves the model with nothing. */
export const noRemoteRef: ToolRule = {
  id: 'no-remote-ref',
  kind: 'tool',
  defaultSeverity: 'error',
  description: 'inputSchema uses no remote "$ref" (only "#..." references inside the schema)',
  spec: '7.5',
  check: (tools) =>
    perTool(tools, (tool) =>
      (hasRef(tool.inputSchema) ? refs(tool.inputSchema, '$.inputSchema') : [])
        .filter((r) => !r.ref.startsWith('#'))
        .map((r) => ({ path: r.path, message: `remote $ref ${JSON.stringify(r.ref)}; hosts will not fetch it, inline the schema under $defs` })),
    ),
};
