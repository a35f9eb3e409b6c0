import { allProperties, perTool, type ToolRule } from '../../tool-rule-kit.ts';

/** An empty enum accepts nothing; duplicates suggest a copy-paste slip. */
export const enumValid: ToolRule = {
  id: 'enum-valid',
  kind: 'tool',
  defaultSeverity: 'error',
  description: 'every "enum" is a non-empty list of unique values',
  spec: '2.4',
  check: (tools) =>
    perTool(tools, (tool) =>
      allProperties(tool.inputSchema).flatMap((p) => {
        if (!('enum' in p.schema)) return [];
        const values = p.schema.enum;
        if (!Array.isArray(values) || values.length === 0) return [{ path: `${p.path}.enum`, message: `"${p.name}" has an empty or non-list enum; it accepts no value` }];
        const seen = new Set<string>();
        return values.flatMap((v, i) => {
          const key = JSON.stringify(v);
          if (seen.has(key)) return [{ path: `${p.path}.enum[${i}]`, message: `"${p.name}" lists ${key} twice in its enum` }];
          seen.add(key);
          return [];
        });
      }),
    ),
};
