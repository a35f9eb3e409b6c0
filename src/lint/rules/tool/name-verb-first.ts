import { nameWords, type ToolRule } from '../../tool-rule-kit.ts';
import { TOOL_VERBS } from '../../tool-verbs.ts';

/** Spec 10.4: a verb first says whether the tool queries, changes or acts. */
export const nameVerbFirst: ToolRule = {
  id: 'name-verb-first',
  kind: 'tool',
  defaultSeverity: 'warn',
  description: 'a tool name starts with a verb (get_, search_, create_, ...) from a curated list',
  spec: '10.4',
  check: (tools) =>
    tools.flatMap((tool) => {
      const words = nameWords(tool.name);
      // Dotted or slashed namespaces ("github.create_issue") put the verb after the prefix.
      const tail = nameWords(tool.name.split(/[./]/).pop() ?? tool.name);
      if ((words.length > 0 && TOOL_VERBS.has(words[0])) || (tail.length > 0 && TOOL_VERBS.has(tail[0]))) return [];
      return [{ target: tool.name, path: '$.name', message: `"${tool.name}" does not start with a verb; say what it does, e.g. get_${words.join('_')}` }];
    }),
};
