import { isObject, perTool, type ToolRule } from '../../tool-rule-kit.ts';

function refs(value: unknown, path: string): Array<{ ref: string; path: string }> {
  if (Array.isArray(value)) return value.flatMap((v, i) => refs(v, `${path}[${i}]`));
  if (!isObject(value)) return [];
  return Object.entries(value).flatMap(([k, v]) =>
    (k === '$ref' || k === '$dynamicRef') && typeof v === 'string' ? [{ ref: v, path: `${path}.${k}` }] : refs(v, `${path}.${k}`),
  );
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
      refs(tool.inputSchema, '$.inputSchema')
        .filter((r) => !r.ref.startsWith('#'))
        .map((r) => ({ path: r.path, message: `remote $ref ${JSON.stringify(r.ref)}; hosts will not fetch it, inline the schema under $defs` })),
    ),
};
