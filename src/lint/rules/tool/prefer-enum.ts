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

// A list that is not one fixed choice: examples ("e.g. 'json', 'csv' or 'xml'", "such as"), a list
// that trails off ("etc.", "..."), several values at once ("comma-separated", "multiple"), or values
// that come from elsewhere ("one of the ids returned by list_projects").
const NOT_ONE_CHOICE =
  /\b(?:e\.g\.?|eg|i\.e\.?|for example|for instance|such as|like|examples?)[\s:,]|\betc\b|\.\.\.|…|\band more\b|\bcomma[- ]separated\b|\bseparated by\b|\bmultiple\b|\bcombination\b|\bone or more\b|\b(?:returned|listed|given) by\b|\bfrom (?:the )?(?:list|output|result|response)\b/i;

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
        .filter((p) => {
          const text = p.schema.description;
          if (!isFreeString(p.schema) || typeof text !== 'string' || !CHOICES.some((re) => re.test(text))) return false;
          // Read literally (the conventions profile), any listed choices want an enum.
          return context?.literal === true || (!OPEN_LIST.test(text) && !NOT_ONE_CHOICE.test(text));
        })
        .map((p) => ({ path: p.path, message: `"${p.name}" is a free string but its description lists fixed choices; use "enum"` })),
    ),
};
