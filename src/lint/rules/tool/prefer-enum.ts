import { allProperties, isFreeString, perTool, type ToolRule, styleGiven } from '../../tool-rule-kit.ts';

// "one of a, b, c", "either x or y", "'a', 'b' or 'c'", "(a|b|c)": fixed choices written in prose.
const CHOICES: RegExp[] = [
  /\bone of\s*[:(]?\s*['"`]?[\w-]+['"`]?\s*(,|\bor\b|\|)/i,
  /\beither\s+['"`][\w-]+['"`]\s+or\s+['"`][\w-]+['"`]/i,
  /['"`][\w-]+['"`]\s*,\s*['"`][\w-]+['"`]\s*,?\s*(or|and)\s+['"`][\w-]+['"`]/i,
  /\(\s*[\w-]+\s*\|\s*[\w-]+(\s*\|\s*[\w-]+)*\s*\)/,
  /\b(possible|allowed|valid|accepted|supported) values\b/i,
];

// A list the description leaves open: "For custom objects, use ...", "or any custom kind", "any other value".
// An enum of the named values would refuse the rest (@hubspot/mcp-server's objectType, custom types allowed).
const OPEN_LIST = /\b(?:for|or any|any|and)\s+(?:other|custom)\b|\bcustom\s+(?:objects?|types?|values?|kinds?)\b|\bother values\b/i;

/** Spec 10.2: fixed choices belong in an `enum`, not in a free string's description. */
export const preferEnum: ToolRule = {
  id: 'prefer-enum',
  kind: 'tool',
  defaultSeverity: 'warn',
  description: 'a free string whose description lists fixed choices ("one of a, b, c") should be an "enum" (not when it leaves the list open: custom or other values)',
  spec: '10.2',
  check: (tools, context) =>
    perTool(tools, (tool) =>
      allProperties(tool.inputSchema, styleGiven(context))
        .filter((p) => isFreeString(p.schema) && typeof p.schema.description === 'string' && CHOICES.some((re) => re.test(p.schema.description as string)) && !OPEN_LIST.test(p.schema.description as string))
        .map((p) => ({ path: p.path, message: `"${p.name}" is a free string but its description lists fixed choices; use "enum"` })),
    ),
};
