import type { ToolRule } from '../../tool-rule-kit.ts';

/** Two tools with one name: a host keeps one of them at random, or refuses the server. */
export const nameUnique: ToolRule = {
  id: 'name-unique',
  kind: 'tool',
  defaultSeverity: 'error',
  description: 'tool names are unique within a set',
  spec: '4.1',
  check: (tools) => {
    const seen = new Map<string, number>();
    return tools.flatMap((tool, i) => {
      const first = seen.get(tool.name);
      if (first === undefined) {
        seen.set(tool.name, i);
        return [];
      }
      return [{ target: tool.name, path: '$.name', message: `"${tool.name}" is listed twice (positions ${first} and ${i})` }];
    });
  },
};
