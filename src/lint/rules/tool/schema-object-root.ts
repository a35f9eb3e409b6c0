import { perTool, isObject, type ToolRule } from '../../tool-rule-kit.ts';

/** MCP requires `inputSchema` to be a JSON Schema object whose `type` is `object`. */
export const schemaObjectRoot: ToolRule = {
  id: 'schema-object-root',
  kind: 'tool',
  defaultSeverity: 'error',
  description: 'inputSchema is a JSON Schema object with "type": "object"',
  spec: '2.4',
  check: (tools) =>
    perTool(tools, (tool) => {
      if (!isObject(tool.inputSchema)) return [{ path: '$.inputSchema', message: 'inputSchema must be a JSON Schema object' }];
      if (tool.inputSchema.type !== 'object') {
        const found = 'type' in tool.inputSchema ? `inputSchema.type is ${JSON.stringify(tool.inputSchema.type)}` : 'inputSchema has no "type"';
        return [{ path: '$.inputSchema.type', message: `${found}; it must be "object"` }];
      }
      return [];
    }),
};
