import { allProperties, isFreeString, perTool, sentences, type ToolRule, styleGiven } from '../../tool-rule-kit.ts';

/** A delimiter named anywhere means the value is a packed list. */
const DELIMITED = /\b(comma[- ]separated|separated by (commas|spaces|semicolons|newlines)|space[- ]separated|semicolon[- ]separated|delimited list)\b/i;
/**
 * "list of" only when a sentence says what the value is ("A list of page property IDs"): elsewhere it
 * is usually a pointer ("For a list of country codes, see ISO 3166-1", "the full list of countries").
 */
const LIST_OF = /^(?:(?:an?|the|optional(?:ly)?|one or more)[,:]?\s+)?(?:\w+\s+)?list of\b/i;

function packsList(description: string): boolean {
  return DELIMITED.test(description) || sentences(description).some((s) => LIST_OF.test(s));
}

/** Spec 10.2: a list is an array of strings; a packed string makes the model invent a delimiter. */
export const preferArray: ToolRule = {
  id: 'prefer-array',
  kind: 'tool',
  defaultSeverity: 'warn',
  description: 'a list ("comma-separated", "list of") is an array of strings, not one packed string',
  spec: '10.2',
  check: (tools, context) =>
    perTool(tools, (tool) =>
      allProperties(tool.inputSchema, styleGiven(context))
        .filter((p) => isFreeString(p.schema) && typeof p.schema.description === 'string' && packsList(p.schema.description))
        .map((p) => ({ path: `${p.path}.type`, message: `"${p.name}" packs a list into a string; use {"type": "array", "items": {"type": "string"}}` })),
    ),
};
