import { allProperties, nameWords, perTool, typesOf, type ToolRule, styleGiven } from '../../tool-rule-kit.ts';

// Words that name a count. Not max, min, size or amount alone: max_price and size_mb are honest numbers.
const COUNT_WORDS = new Set(['count', 'limit', 'num', 'page', 'pages', 'offset', 'top', 'n', 'k', 'lines', 'rows', 'items', 'results', 'entries', 'tokens', 'steps', 'retries', 'attempts', 'depth', 'head', 'tail', 'skip', 'take', 'index']);
const COUNT_PROSE = /\b(number of|how many|count of|the (first|last) n\b|\bn (lines|items|results|entries|steps))/i;

/** Spec 10.2: counts are integers; `number` lets the model send 2.5 lines. */
export const preferInteger: ToolRule = {
  id: 'prefer-integer',
  kind: 'tool',
  defaultSeverity: 'warn',
  description: 'a count (limit, page, number of ...) is typed "integer", not "number" or "string"',
  spec: '10.2',
  check: (tools, context) =>
    perTool(tools, (tool) =>
      allProperties(tool.inputSchema, styleGiven(context)).flatMap((p) => {
        const types = typesOf(p.schema);
        if (types.includes('integer') || !(types.includes('number') || (types.includes('string') && p.schema.enum === undefined && p.schema.format === undefined))) return [];
        // A string named "phone_number" is not a count: strings are judged by their prose only.
        const byName = types.includes('number') && nameWords(p.name).some((w) => COUNT_WORDS.has(w));
        const byProse = typeof p.schema.description === 'string' && COUNT_PROSE.test(p.schema.description);
        if (!byName && !byProse) return [];
        return [{ path: `${p.path}.type`, message: `"${p.name}" looks like a count but is typed ${JSON.stringify(p.schema.type)}; use "integer"` }];
      }),
    ),
};
