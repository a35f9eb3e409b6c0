import { perTool, topProperties, type ToolRule } from '../../tool-rule-kit.ts';

// "(use get_item)", "use `read_text_file` instead", "call list-files first": an identifier with a separator or a hump.
const NAMED = /\b(?:use|call|try|see|prefer|invoke)\s+(?:the\s+)?[`'"]?([A-Za-z][A-Za-z0-9]*(?:[_-][A-Za-z0-9]+)+|[a-z]+[A-Z][A-Za-z0-9]*)[`'"]?/g;

/** Spec 10.1: a tool named for excluded cases must exist, or the model is sent nowhere. */
export const descriptionSiblingExists: ToolRule = {
  id: 'description-sibling-exists',
  kind: 'tool',
  defaultSeverity: 'error',
  description: 'every sibling tool a description points to ("use get_item") exists in the set',
  spec: '10.1',
  check: (tools) => {
    const names = new Set(tools.map((t) => t.name));
    return perTool(tools, (tool) => {
      if (typeof tool.description !== 'string') return [];
      const params = new Set(topProperties(tool).map((p) => p.name));
      const out = [];
      for (const match of tool.description.matchAll(NAMED)) {
        const named = match[1];
        if (names.has(named) || params.has(named)) continue;
        out.push({ path: '$.description', message: `the description points to "${named}", which is not a tool in this set` });
      }
      return out;
    });
  },
};
